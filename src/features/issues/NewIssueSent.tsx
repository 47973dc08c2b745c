import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import type { NewIssueResult } from './issuesApi';
import { Notification } from '@/shared/ui/Notification';
import {
  NEW_ISSUE_CODE,
  NEW_ISSUE_CONTACT,
  NEW_ISSUE_SEE_LIST,
  NEW_ISSUE_SUCCESS,
  RESPONSE_DEADLINE,
  TRACKING_CODE,
} from './issuesMessages';

/**
 * The request was recorded: its number when the answer has one (spec 01 §4), its tracking code and the last day
 * to answer it (issue 27), and the way to the list.
 */
export function NewIssueSent({ sent }: { sent: NewIssueResult }) {
  const { issue, trackingCode, deadline } = sent;
  return (
    // Shown only once a request is sent: it takes the focus as it appears, in place of the form.
    <Notification kind="success" focusKey={NEW_ISSUE_SUCCESS}>
      <p className="new-issue__result">{NEW_ISSUE_SUCCESS}</p>
      {issue !== null && <p className="new-issue__result">{NEW_ISSUE_CODE(issue)}</p>}
      {trackingCode && <p className="new-issue__result">{TRACKING_CODE(trackingCode)}</p>}
      {deadline && <p className="new-issue__result">{RESPONSE_DEADLINE(formatListDate(deadline))}</p>}
      <p className="new-issue__result">{NEW_ISSUE_CONTACT}</p>
      <p className="new-issue__result">
        <Link to={pathTo('issues')}>{NEW_ISSUE_SEE_LIST}</Link>
      </p>
    </Notification>
  );
}
