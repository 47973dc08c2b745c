import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { TableScroll } from '@/shared/ui/TableScroll';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import '../../shared/ui/table.css';
import { useOpenIssuesCountQuery } from '@/shared/api/openIssuesApi';
import { useAppDispatch } from '@/shared/store/hooks';
import { useIssuesListQuery } from './issuesApi';
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
import { issuesLoaded, openIssuesCounted } from './issuesSlice';
import './issues.css';
import { Page } from '@/shared/ui/Page';

export default function IssuesPage() {
  const dispatch = useAppDispatch();
  const list = useIssuesListQuery();
  const openCount = useOpenIssuesCountQuery();
  const items = list.data?.items ?? [];

  useEffect(() => {
    if (list.data) dispatch(issuesLoaded(list.data.items ?? []));
  }, [dispatch, list.data]);
  useEffect(() => {
    if (typeof openCount.data?.total_count === 'number')
      dispatch(openIssuesCounted(openCount.data.total_count));
  }, [dispatch, openCount.data]);

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
        <TableScroll label={ISSUES_TABLE_LABEL}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{ISSUES_COLUMN.number}</th>
                <th scope="col">{ISSUES_COLUMN.subject}</th>
                <th scope="col">{ISSUES_COLUMN.status}</th>
                <th scope="col">{ISSUES_COLUMN.details}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{item.id}</td>
                  <td>{item.subject}</td>
                  <td>
                    <span className="issue-status">{item.status?.name}</span>
                  </td>
                  <td>
                    <Link to={pathTo('issueDetail', { id: item.id })}>
                      {ISSUES_DETAIL_LINK}
                      <VisuallyHidden>{ISSUES_DETAIL_LINK_HIDDEN(item.id)}</VisuallyHidden>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Page>
  );
}
