import { baseApi } from './baseApi';

/**
 * Tag of everything read about support requests: sending a new one invalidates it, so the home card and the
 * request list both show the new open count (spec 01 §4).
 */
export const ISSUES_TAG = 'Issues';

/**
 * The open-request count is read by two features (the home card and the request list), and a feature never
 * imports another, so its one endpoint lives here.
 */
export const openIssuesApi = baseApi.enhanceEndpoints({ addTagTypes: [ISSUES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    openIssuesCount: build.query<{ total_count?: number }, void>({
      query: () => ({ url: '/ov/issues/api/status/open' }),
      providesTags: [ISSUES_TAG],
    }),
  }),
});

export const { useOpenIssuesCountQuery } = openIssuesApi;
