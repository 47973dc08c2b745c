import { baseApi } from '@/shared/api/baseApi';
import type { Realm } from '@/shared/api/baseQuery';

export interface UserProfile {
  username: string;
  ownercif: string;
  email: string;
  telephoneNumber: string;
  given_name: string;
  family_name: string;
  lastName: string;
}

export interface LoginInput {
  username: string;
  password: string;
  isAdministradorFinca: boolean;
}

export interface PrivateTokenAnswer {
  access_token: string;
  refresh_token?: string;
  email?: string;
  isAdministrador?: boolean | string;
}

export interface CheckConnectionAnswer {
  status?: string;
  serverTime?: string;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    privateToken: build.mutation<PrivateTokenAnswer, LoginInput>({
      query: (body) => ({
        url: '/ov/user/api/privateToken',
        method: 'POST',
        body,
        // The browser's device cookie goes with it, so the owner is let in while strangers wait (server README).
        credentials: 'same-origin',
        realm: body.isAdministradorFinca ? 'fincas' : 'cliente',
        // An answer without a token is a failure whatever its status (207: verification e-mail sent), so
        // that its status reaches the failure code (spec 01 §4).
        validateStatus: (response, answer: Partial<PrivateTokenAnswer> | null) =>
          response.ok && typeof answer?.access_token === 'string' && answer.access_token !== '',
      }),
    }),
    me: build.query<UserProfile, void>({
      query: () => ({ url: '/ov/user/api/me' }),
    }),
    checkConnection: build.mutation<CheckConnectionAnswer, Realm>({
      query: (realm) => ({ url: '/ov/user/api/checkConnection', realm, skipSessionCheck: true }),
    }),
  }),
});

export const { useMeQuery } = authApi;
