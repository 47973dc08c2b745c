import { openIssuesApi } from '@/shared/api/openIssuesApi';
import type { AppThunk } from '@/shared/store/appState';
import { issuesApi } from './issuesApi';
import { issuesLoaded, openIssuesCounted } from './issuesSlice';

/**
 * Spec 01 §4: after sending a request, whatever the outcome, the open count and the list are read again and
 * recorded in the session, so they are current before the user opens the list.
 */
export function refreshIssuesAfterSending(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const options = { forceRefetch: true, subscribe: false } as const;
    const [count, list] = await Promise.all([
      dispatch(openIssuesApi.endpoints.openIssuesCount.initiate(undefined, options)),
      dispatch(issuesApi.endpoints.issuesList.initiate(undefined, options)),
    ]);
    if (typeof count.data?.total_count === 'number') dispatch(openIssuesCounted(count.data.total_count));
    if (list.data) dispatch(issuesLoaded(list.data.items ?? []));
  };
}
