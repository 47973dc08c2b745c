import type { IssueListItem, IssuesAnswer, OpenIssuesAnswer } from '@contract/issues';
import { baseApi } from './baseApi';

/**
 * Tag of everything read about support requests: sending a new one invalidates it, so the home card and the
 * request list both show the new open count (spec 01 §4).
 */
export const ISSUES_TAG = 'Issues';

export type { IssueListItem };

/**
 * The open-request count and the request list are read by two features (the home, which records both in the
 * session as spec 01 §3 lists them, and the request list), and a feature never imports another, so their
 * endpoints live here.
 */
export const openIssuesApi = baseApi.enhanceEndpoints({ addTagTypes: [ISSUES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    openIssuesCount: build.query<OpenIssuesAnswer, void>({
      query: () => ({ url: '/ov/issues/api/status/open' }),
      providesTags: [ISSUES_TAG],
    }),
    issuesList: build.query<IssuesAnswer, void>({
      query: () => ({ url: '/ov/issues/api/issues' }),
      providesTags: [ISSUES_TAG],
    }),
  }),
});

export const { useOpenIssuesCountQuery, useIssuesListQuery } = openIssuesApi;
