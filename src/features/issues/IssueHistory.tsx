import { useState } from 'react';
import { Formik, Form } from 'formik';
import { describeApiError } from '@/shared/api/apiErrors';
import { escapeQuotes } from '@/shared/lib/textArea';
import { formatListDate } from '@/shared/lib/dates';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { TextAreaField } from '@/shared/ui/TextAreaField';
import { useAddMessageMutation, useAskForPersonMutation } from './issuesApi';
import {
  ASK_PERSON,
  ASKED_PERSON,
  HISTORY_AUTHOR,
  HISTORY_OPENED,
  HISTORY_STATE,
  HISTORY_TITLE,
  MESSAGE_FAILED,
  MESSAGE_LABEL,
  MESSAGE_SEND,
  MESSAGE_SENT,
  MESSAGE_TITLE,
} from './issuesMessages';
import { messageSchema } from './issuesSchemas';
import type { IssueDetail } from './issuesSlice';

const OPEN = ['Nueva', 'En curso'];

/**
 * The request's history (issue 27): messages and changes of state in order, and while it is open a form to add a
 * message and the way to ask for a person.
 */
export function IssueHistory({ issue }: { issue: IssueDetail }) {
  const [addMessage] = useAddMessageMutation();
  const [askForPerson, asking] = useAskForPersonMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const open = OPEN.includes(issue.estado);

  return (
    <section className="issue-history" aria-labelledby="issue-history-title">
      <h2 id="issue-history-title">{HISTORY_TITLE}</h2>
      <ol className="issue-history__entries">
        {issue.history.map((entry, index) => (
          <li key={index} className={`issue-history__entry issue-history__entry--${entry.author}`}>
            <p className="issue-history__meta">
              {HISTORY_AUTHOR[entry.author]} · {formatListDate(entry.at)}
            </p>
            <p className="issue-history__text">
              {entry.kind === 'message'
                ? entry.text
                : entry.from === null
                  ? HISTORY_OPENED
                  : HISTORY_STATE(entry.to ?? '')}
            </p>
          </li>
        ))}
      </ol>
      {issue.asked_for_person && <p>{ASKED_PERSON}</p>}
      {open && (
        <>
          {!issue.asked_for_person && (
            <Button
              variant="secondary"
              disabled={asking.isLoading}
              onClick={() => void askForPerson({ issueId: issue.numero })}
            >
              {ASK_PERSON}
            </Button>
          )}
          <h3>{MESSAGE_TITLE}</h3>
          <Formik
            initialValues={{ text: '' }}
            validationSchema={messageSchema}
            onSubmit={async (values, helpers) => {
              setOutcome(null);
              const result = await addMessage({
                issueId: issue.numero,
                text: escapeQuotes(values.text.trim()),
              });
              if ('error' in result) {
                setOutcome({ ok: false, text: `${MESSAGE_FAILED} ${describeApiError(result.error)}` });
                return;
              }
              helpers.resetForm();
              setOutcome({ ok: true, text: MESSAGE_SENT });
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="issue-history__form">
                <TextAreaField name="text" label={MESSAGE_LABEL} rows={4} />
                <Button type="submit" disabled={isSubmitting}>
                  {MESSAGE_SEND}
                </Button>
              </Form>
            )}
          </Formik>
          {outcome && <Notification kind={outcome.ok ? 'success' : 'error'}>{outcome.text}</Notification>}
        </>
      )}
    </section>
  );
}
