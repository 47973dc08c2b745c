import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { Page } from '@/shared/ui/Page';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { useAppDispatch } from '@/shared/store/hooks';
import { useIssueDetailQuery } from './issuesApi';
import {
  DETAIL_DATES,
  DETAIL_DEADLINE,
  DETAIL_FIELDS,
  DETAIL_LOAD_FAILED,
  DETAIL_NOT_FOUND,
  DETAIL_TITLE,
} from './issuesMessages';
import { issueSelected } from './issuesSlice';
import { DisputeResolution } from './DisputeResolution';
import { IssueHistory } from './IssueHistory';
import { ReceiptDownload } from './ReceiptDownload';
import { ResponseDeadline } from './ResponseDeadline';
import '@/shared/ui/factGrid.css';
import './issues.css';

export default function IssueDetailPage() {
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  const detail = useIssueDetailQuery(id, { skip: !/^\d+$/.test(id) });
  const notFound =
    !/^\d+$/.test(id) || (detail.isError && 'status' in detail.error && detail.error.status === 404);

  useEffect(() => {
    if (detail.data) dispatch(issueSelected(detail.data));
  }, [dispatch, detail.data]);

  return (
    <Page className="issue-detail" title={DETAIL_TITLE} back={pathTo('issues')}>
      {detail.isLoading && <Spinner />}
      {notFound && <Notification kind="error">{DETAIL_NOT_FOUND}</Notification>}
      {detail.isError && !notFound && (
        <Notification kind="error">
          {DETAIL_LOAD_FAILED} {describeApiError(detail.error)}
        </Notification>
      )}
      {detail.data && (
        <dl className="fact-grid">
          {DETAIL_FIELDS.map(([key, label]) => (
            <div key={key} className={`fact-grid__field fact-grid__field--${key}`}>
              <dt>{label}</dt>
              <dd>{detail.data?.[key] ?? ''}</dd>
            </div>
          ))}
          <div className="fact-grid__field fact-grid__field--deadline">
            <dt>{DETAIL_DEADLINE}</dt>
            <dd>
              <ResponseDeadline deadline={detail.data.deadline} overdue={detail.data.overdue} />
            </dd>
          </div>
          {DETAIL_DATES.map(([key, label]) => (
            <div key={key} className={`fact-grid__field fact-grid__field--${key}`}>
              <dt>{label}</dt>
              <dd>{formatListDate(detail.data?.[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {detail.data && (
        <ReceiptDownload issueId={detail.data.numero} trackingCode={detail.data.tracking_code} />
      )}
      {detail.data && <DisputeResolution issue={detail.data} />}
      {detail.data && <IssueHistory issue={detail.data} />}
    </Page>
  );
}
