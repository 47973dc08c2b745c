import { openIssuesApi } from '@/shared/api/openIssuesApi';
import type { AppThunk } from '@/shared/store/appState';

/**
 * Spec 01 §4: after sending a request, whatever the outcome, the open count and the list are read again; the
 * issues slice records both answers in the session, so they are current before the user opens the list.
 */
export function refreshIssuesAfterSending(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const options = { forceRefetch: true, subscribe: false } as const;
    await Promise.all([
      dispatch(openIssuesApi.endpoints.openIssuesCount.initiate(undefined, options)),
      dispatch(openIssuesApi.endpoints.issuesList.initiate(undefined, options)),
    ]);
  };
}
