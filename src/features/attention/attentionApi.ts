import type { CategoriesAnswer, QueueAnswer, RequestAnswer } from '@contract/attention';
import { baseApi } from '@/shared/api/baseApi';

/** The queue's filters; an absent one does not filter. */
export interface QueueFilters {
  status?: 'Nueva' | 'En curso';
  category?: string;
  overdue?: boolean;
  person?: boolean;
}

export type StaffState = 'En curso' | 'Resuelta' | 'Cerrada';

const ATTENTION_TAG = 'Attention';

/** The staff's attention desk (issue 27): calls of the realm atencion, chosen by baseQuery from the session. */
export const attentionApi = baseApi.enhanceEndpoints({ addTagTypes: [ATTENTION_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    attentionQueue: build.query<QueueAnswer, QueueFilters>({
      query: (filters) => ({ url: '/ov/attention/api/queue', params: filters }),
      providesTags: [ATTENTION_TAG],
    }),
    attentionCategories: build.query<CategoriesAnswer, void>({
      query: () => ({ url: '/ov/attention/api/categories' }),
    }),
    attentionRequest: build.query<RequestAnswer, string>({
      query: (issueId) => ({ url: '/ov/attention/api/request', params: { issueId } }),
      providesTags: [ATTENTION_TAG],
    }),
    attentionReply: build.mutation<void, { issueId: number; text: string }>({
      query: (body) => ({ url: '/ov/attention/api/reply', method: 'POST', body }),
      invalidatesTags: [ATTENTION_TAG],
    }),
    attentionState: build.mutation<void, { issueId: number; status: StaffState }>({
      query: (body) => ({ url: '/ov/attention/api/state', method: 'POST', body }),
      invalidatesTags: [ATTENTION_TAG],
    }),
  }),
});

export const {
  useAttentionQueueQuery,
  useAttentionCategoriesQuery,
  useAttentionRequestQuery,
  useAttentionReplyMutation,
  useAttentionStateMutation,
} = attentionApi;
