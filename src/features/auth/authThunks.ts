import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { httpStatusOf } from '@/shared/api/apiErrors';
import { createAppAsyncThunk } from '@/shared/store/appState';
import type { ProfileAnswer } from '@contract/user';
import { authApi, type LoginInput } from './authApi';

/**
 * Spec 01 §4: 104 when the HTTP status is 400, 500 when it is 500, otherwise the HTTP status (207 and 157 have
 * their own messages), 470 when there is no answer at all (network error, timeout) or the answer is not the
 * API's (a page that is not JSON with a success status, as a captive portal or proxy sends).
 */
export function loginFailureCode(error: FetchBaseQueryError): number {
  const status = httpStatusOf(error);
  if (status === null) return 470;
  if (error.status === 'PARSING_ERROR' && status < 400) return 470;
  if (status === 400) return 104;
  return status;
}

/**
 * Signs in: the token call, then the profile. The auth slice records it from this thunk's lifecycle (pending,
 * rejected with the failure code, fulfilled with the profile) and from the token call's answer, which it stores
 * before the profile call because that call needs the token.
 */
export const login = createAppAsyncThunk<ProfileAnswer | null, LoginInput, { rejectValue: number }>(
  'auth/login',
  async (input, { dispatch, rejectWithValue }) => {
    const tokenCall = dispatch(authApi.endpoints.privateToken.initiate(input));
    const answer = await tokenCall;
    // The mutation's arguments hold the password: drop them from the cache at once.
    tokenCall.reset();
    if (answer.error) return rejectWithValue(loginFailureCode(answer.error as FetchBaseQueryError));
    if (!answer.data) return rejectWithValue(470);
    const me = await dispatch(
      authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    return me.data ?? null;
  },
);
