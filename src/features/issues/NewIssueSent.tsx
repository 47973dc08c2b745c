import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { NEW_ISSUE_CODE, NEW_ISSUE_CONTACT, NEW_ISSUE_SEE_LIST, NEW_ISSUE_SUCCESS } from './issuesMessages';

/** The request was recorded: its code when the answer has one, and the way to the list (spec 01 §4). */
export function NewIssueSent({ issue }: { issue: string | number | null }) {
  return (
    // Shown only once a request is sent: it takes the focus as it appears, in place of the form.
    <Notification kind="success" focusKey={NEW_ISSUE_SUCCESS}>
      <p className="new-issue__result">{NEW_ISSUE_SUCCESS}</p>
      {issue !== null && <p className="new-issue__result">{NEW_ISSUE_CODE(issue)}</p>}
      <p className="new-issue__result">{NEW_ISSUE_CONTACT}</p>
      <p className="new-issue__result">
        <Link to={pathTo('issues')}>{NEW_ISSUE_SEE_LIST}</Link>
      </p>
    </Notification>
  );
}
