import { Link } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { DataTable, type DataColumn } from '@/shared/ui/DataTable';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { useIssuesListQuery, useOpenIssuesCountQuery, type IssueListItem } from '@/shared/api/openIssuesApi';
import {
  ISSUES_COLUMN,
  ISSUES_DETAIL_LINK,
  ISSUES_DETAIL_LINK_HIDDEN,
  ISSUES_INTRO,
  ISSUES_LOAD_FAILED,
  ISSUES_NEW_LINK,
  ISSUES_TABLE_LABEL,
  ISSUES_TITLE,
  NO_ISSUES,
} from './issuesMessages';
import './issues.css';
import { Page } from '@/shared/ui/Page';
import { ResponseDeadline } from './ResponseDeadline';

const ISSUE_COLUMNS: DataColumn<IssueListItem>[] = [
  { key: 'number', header: ISSUES_COLUMN.number, render: (item) => item.id },
  { key: 'subject', header: ISSUES_COLUMN.subject, wraps: true, render: (item) => item.subject },
  {
    key: 'status',
    header: ISSUES_COLUMN.status,
    render: (item) => <span className="issue-status">{item.status?.name}</span>,
  },
  { key: 'tracking', header: ISSUES_COLUMN.tracking, render: (item) => item.tracking_code ?? '' },
  {
    key: 'deadline',
    header: ISSUES_COLUMN.deadline,
    render: (item) => <ResponseDeadline deadline={item.deadline} overdue={item.overdue} />,
  },
  { key: 'opened', header: ISSUES_COLUMN.opened, render: (item) => formatListDate(item.created_on) },
  { key: 'updated', header: ISSUES_COLUMN.updated, render: (item) => formatListDate(item.updated_on) },
  {
    key: 'details',
    header: ISSUES_COLUMN.details,
    render: (item) => (
      <Link to={pathTo('issueDetail', { id: item.id })}>
        {ISSUES_DETAIL_LINK}
        <VisuallyHidden>{ISSUES_DETAIL_LINK_HIDDEN(item.id)}</VisuallyHidden>
      </Link>
    ),
  },
];

export default function IssuesPage() {
  const list = useIssuesListQuery();
  // Read with the list so that the session's count is current here too (the issues slice records it).
  useOpenIssuesCountQuery();
  const items = list.data?.items ?? [];

  return (
    <Page
      className="issues"
      title={ISSUES_TITLE}
      back={pathTo('home')}
      aside={
        <Link className="issues__new" to={pathTo('newIssue')}>
          {ISSUES_NEW_LINK}
        </Link>
      }
    >
      <p>{ISSUES_INTRO}</p>
      {list.isLoading && <Spinner />}
      {list.isError && (
        <Notification kind="error">
          {ISSUES_LOAD_FAILED} {describeApiError(list.error)}
        </Notification>
      )}
      {list.isSuccess && items.length === 0 && <p className="issues__empty">{NO_ISSUES}</p>}
      {items.length > 0 && (
        <DataTable
          label={ISSUES_TABLE_LABEL}
          rows={items}
          columns={ISSUE_COLUMNS}
          rowKey={(item) => String(item.id)}
        />
      )}
    </Page>
  );
}
