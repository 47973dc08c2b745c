import { baseApi } from './baseApi';

/**
 * Tag of everything read about support requests: sending a new one invalidates it, so the home card and the
 * request list both show the new open count (spec 01 §4).
 */
export const ISSUES_TAG = 'Issues';

export interface IssueListItem {
  id: number | string;
  subject: string;
  status: { name: string };
  /** Opened and last changed, ISO timestamps (the reference server sends both; another backend may not). */
  created_on?: string;
  updated_on?: string;
}

/**
 * The open-request count and the request list are read by two features (the home, which records both in the
 * session as spec 01 §3 lists them, and the request list), and a feature never imports another, so their
 * endpoints live here.
 */
export const openIssuesApi = baseApi.enhanceEndpoints({ addTagTypes: [ISSUES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    openIssuesCount: build.query<{ total_count?: number }, void>({
      query: () => ({ url: '/ov/issues/api/status/open' }),
      providesTags: [ISSUES_TAG],
    }),
    issuesList: build.query<{ items?: IssueListItem[] | null }, void>({
      query: () => ({ url: '/ov/issues/api/issues' }),
      providesTags: [ISSUES_TAG],
    }),
  }),
});

export const { useOpenIssuesCountQuery, useIssuesListQuery } = openIssuesApi;
