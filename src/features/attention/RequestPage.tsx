import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { RequestAnswer } from '@contract/attention';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { Spinner } from '@/shared/ui/Spinner';
import { useAttentionRequestQuery } from './attentionApi';
import {
  HISTORY_AUTHOR,
  HISTORY_STAFF_MEMBER,
  HISTORY_STATE,
  HISTORY_TITLE,
  REQUEST_ASKED_PERSON,
  REQUEST_DEADLINE,
  REQUEST_FACTS_TITLE,
  REQUEST_FIELDS,
  REQUEST_FINISHED,
  REQUEST_LOAD_FAILED,
  REQUEST_NOT_FOUND,
  REQUEST_RECEIVED,
  REQUEST_TITLE,
  daysLeftText,
} from './attentionMessages';
import { ReplyForm, StateForm } from './RequestActions';
import '@/shared/ui/factGrid.css';
import './attention.css';

function RequestFacts({ request }: { request: RequestAnswer }) {
  return (
    <section className="attention-facts" aria-labelledby="attention-facts-title">
      <h2 id="attention-facts-title">{REQUEST_FACTS_TITLE}</h2>
      <dl className="fact-grid">
        {REQUEST_FIELDS.map(([key, label]) => (
          <div key={key} className={`fact-grid__field fact-grid__field--${key}`}>
            <dt>{label}</dt>
            <dd>{request[key] ?? ''}</dd>
          </div>
        ))}
        <div className="fact-grid__field">
          <dt>{REQUEST_RECEIVED}</dt>
          <dd>{formatListDate(request.received_at ?? request.fecha_creacion)}</dd>
        </div>
        <div className="fact-grid__field">
          <dt>{REQUEST_DEADLINE}</dt>
          <dd>
            {formatListDate(request.deadline)}
            {request.overdue && <span className="attention-overdue"> {daysLeftText(-1)}</span>}
          </dd>
        </div>
      </dl>
      {request.asked_for_person && <p className="attention-facts__person">{REQUEST_ASKED_PERSON}</p>}
    </section>
  );
}

function RequestHistory({ request }: { request: RequestAnswer }) {
  return (
    <section className="attention-history" aria-labelledby="attention-history-title">
      <h2 id="attention-history-title">{HISTORY_TITLE}</h2>
      <ol className="attention-history__entries">
        {request.history.map((entry, index) => (
          <li key={index} className={`attention-history__entry attention-history__entry--${entry.author}`}>
            <p className="attention-history__meta">
              {entry.staff_name ? HISTORY_STAFF_MEMBER(entry.staff_name) : HISTORY_AUTHOR[entry.author]} ·{' '}
              {formatListDate(entry.at)}
            </p>
            <p className="attention-history__text">
              {entry.kind === 'message' ? entry.text : HISTORY_STATE(entry.from, entry.to ?? '')}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One request at the desk (issue 27): the customer's facts, its history, the reply and the change of state. */
export default function RequestPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const request = useAttentionRequestQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const notFound = !valid || (request.isError && 'status' in request.error && request.error.status === 404);
  const data = request.data;
  const states = data?.next_states ?? [];
  const [changed, setChanged] = useState<string | null>(null);

  return (
    <Page className="attention-request" title={REQUEST_TITLE} back={pathTo('attention')}>
      {request.isFetching && <Spinner />}
      {notFound && <Notification kind="error">{REQUEST_NOT_FOUND}</Notification>}
      {request.isError && !notFound && (
        <ErrorWithRetry onRetry={() => void request.refetch()}>
          {REQUEST_LOAD_FAILED} {describeApiError(request.error)}
        </ErrorWithRetry>
      )}
      {data && (
        <div className="attention-request__layout">
          <RequestFacts request={data} />
          <RequestHistory request={data} />
          {changed && <Notification kind="success">{changed}</Notification>}
          {states.length > 0 ? (
            <div className="attention-request__actions">
              <ReplyForm issueId={data.numero} />
              <StateForm issueId={data.numero} states={states} onChanged={setChanged} />
            </div>
          ) : (
            <p className="attention-request__finished">{REQUEST_FINISHED}</p>
          )}
        </div>
      )}
    </Page>
  );
}
