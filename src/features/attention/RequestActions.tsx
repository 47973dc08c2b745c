import { Formik, Form } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { describeApiError } from '@/shared/api/apiErrors';
import { countedText, escapeQuotes, textAreaLength } from '@/shared/lib/textArea';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SelectField } from '@/shared/ui/SelectField';
import { TextAreaField } from '@/shared/ui/TextAreaField';
import { useAttentionReplyMutation, useAttentionStateMutation, type StaffState } from './attentionApi';
import {
  CHARACTERS_USED,
  REPLY_FAILED,
  REPLY_LABEL,
  REPLY_MAX,
  REPLY_REQUIRED,
  REPLY_SEND,
  REPLY_SENT,
  REPLY_TITLE,
  REPLY_TOO_LONG,
  STATE_CHANGED,
  STATE_CHOOSE,
  STATE_FAILED,
  STATE_LABEL,
  STATE_REQUIRED,
  STATE_SEND,
  STATE_TITLE,
} from './attentionMessages';

/** The same counting rule and limit as the customer's messages (spec 01 §5, issue 27). */
const replySchema = yup.object({
  text: countedText(REPLY_MAX, { required: REPLY_REQUIRED, tooLong: REPLY_TOO_LONG }),
});
const stateSchema = yup.object({ status: yup.string().required(STATE_REQUIRED) });

type Outcome = { ok: boolean; text: string } | null;

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return <Notification kind={outcome.ok ? 'success' : 'error'}>{outcome.text}</Notification>;
}

export function ReplyForm({ issueId }: { issueId: number }) {
  const [reply] = useAttentionReplyMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <section className="attention-action" aria-labelledby="attention-reply-title">
      <h2 id="attention-reply-title">{REPLY_TITLE}</h2>
      <Formik
        initialValues={{ text: '' }}
        validationSchema={replySchema}
        onSubmit={async (values, helpers) => {
          setOutcome(null);
          const result = await reply({ issueId, text: escapeQuotes(values.text.trim()) });
          if ('error' in result) {
            setOutcome({ ok: false, text: `${REPLY_FAILED} ${describeApiError(result.error)}` });
            return;
          }
          helpers.resetForm();
          setOutcome({ ok: true, text: REPLY_SENT });
        }}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate className="attention-action__form">
            <TextAreaField
              name="text"
              label={REPLY_LABEL}
              rows={5}
              hint={CHARACTERS_USED(textAreaLength(values.text.trim()), REPLY_MAX)}
            />
            <Button type="submit" disabled={isSubmitting}>
              {REPLY_SEND}
            </Button>
          </Form>
        )}
      </Formik>
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}

/**
 * Offers only the moves the server allows from the request's state now (next_states of its answer). A move to a
 * final state removes this form, so the page shows the success (`onChanged`).
 */
export function StateForm({
  issueId,
  states,
  onChanged,
}: {
  issueId: number;
  states: readonly string[];
  onChanged: (text: string) => void;
}) {
  const [changeState] = useAttentionStateMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <section className="attention-action" aria-labelledby="attention-state-title">
      <h2 id="attention-state-title">{STATE_TITLE}</h2>
      <Formik
        initialValues={{ status: '' }}
        validationSchema={stateSchema}
        onSubmit={async (values, helpers) => {
          setOutcome(null);
          const status = values.status as StaffState;
          const result = await changeState({ issueId, status });
          if ('error' in result) {
            setOutcome({ ok: false, text: `${STATE_FAILED} ${describeApiError(result.error)}` });
            return;
          }
          helpers.resetForm();
          onChanged(STATE_CHANGED(status));
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="attention-action__form">
            <SelectField
              name="status"
              label={STATE_LABEL}
              placeholder={STATE_CHOOSE}
              options={states.map((state) => ({ value: state, label: state }))}
            />
            <Button type="submit" disabled={isSubmitting}>
              {STATE_SEND}
            </Button>
          </Form>
        )}
      </Formik>
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}
