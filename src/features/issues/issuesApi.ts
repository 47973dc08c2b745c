import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { CupsMeAnswer } from '@contract/contracts';
import type { NewIssueAnswer } from '@contract/issues';
import { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import { ISSUES_TAG } from '@/shared/api/openIssuesApi';
import type { SupplyPoint } from '@/shared/session/product';
import { RECEIPT_FILE } from './issuesMessages';
import type { IssueDetail, Subcategory } from './issuesSlice';

/** Body of POST /ov/issues/api/add: empty fields are left out (spec 01 §3). */
export type NewIssueBody = Partial<{
  title: string;
  description: string;
  category: string;
  subcategory: string;
  line: string;
  cups: string;
  contractCode: string;
}>;

export interface NewIssueResult {
  /** The HTTP status; 201 is success. Any failure of the call counts as 200 (spec 01 §4). */
  status: number;
  issue: number | string | null;
  /** The tracking code and the deadline ('YYYY-MM-DD') of a recorded request (issue 27). */
  trackingCode: string | null;
  deadline: string | null;
}

export const issuesApi = baseApi.enhanceEndpoints({ addTagTypes: [ISSUES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    issueDetail: build.query<IssueDetail, string>({
      query: (issueId) => ({ url: '/ov/issues/api/issue', params: { issueId } }),
      providesTags: [ISSUES_TAG],
    }),
    addMessage: build.mutation<void, { issueId: number; text: string }>({
      query: (body) => ({ url: '/ov/issues/api/message', method: 'POST', body }),
      invalidatesTags: [ISSUES_TAG],
    }),
    askForPerson: build.mutation<void, { issueId: number }>({
      query: (body) => ({ url: '/ov/issues/api/person', method: 'POST', body }),
      invalidatesTags: [ISSUES_TAG],
    }),
    // The receipt PDF is saved inside the call, so no Blob reaches the store.
    requestReceipt: build.mutation<SavedFile, { issueId: number; trackingCode: string }>({
      queryFn: ({ issueId, trackingCode }, _api, _extra, baseQuery) =>
        fetchAndSaveFile(
          baseQuery,
          { url: '/ov/issues/api/receipt', params: { issueId } },
          RECEIPT_FILE(trackingCode),
        ),
    }),
    issueCategories: build.query<Record<string, string>, void>({
      query: () => ({ url: '/ov/issues/api/categories' }),
    }),
    issueSubcategories: build.query<Subcategory[], string>({
      query: (category) => ({ url: '/ov/issues/api/subcategories', params: { category } }),
    }),
    /** The user's supply points, when the session has none stored yet (a new request opened directly). */
    issueSupplyPoints: build.query<SupplyPoint[], void>({
      query: () => ({ url: '/ov/cups/api/cupsMe' }),
      transformResponse: (answer: CupsMeAnswer | null) => {
        const select = answer?.cupsAsociados?.select;
        if (!select) return [];
        return Array.isArray(select) ? select : [select];
      },
    }),
    addIssue: build.mutation<NewIssueResult, NewIssueBody>({
      query: (body) => ({ url: '/ov/issues/api/add', method: 'POST', body }),
      transformResponse: (body: NewIssueAnswer | null, meta) => ({
        status: (meta as FetchBaseQueryMeta | undefined)?.response?.status ?? 200,
        issue: body?.issue ?? null,
        trackingCode: body?.tracking_code ?? null,
        deadline: body?.deadline ?? null,
      }),
      invalidatesTags: [ISSUES_TAG],
    }),
  }),
});

export const {
  useIssueDetailQuery,
  useAddMessageMutation,
  useAskForPersonMutation,
  useRequestReceiptMutation,
  useIssueCategoriesQuery,
  useIssueSubcategoriesQuery,
  useIssueSupplyPointsQuery,
  useAddIssueMutation,
} = issuesApi;
