import type { ConnectionAnswer, LoginAnswer, ProfileAnswer } from '@contract/user';
import { baseApi } from '@/shared/api/baseApi';
import type { Realm } from '@/shared/api/baseQuery';

export interface LoginInput {
  username: string;
  password: string;
  isAdministradorFinca: boolean;
  /** Signs in to the staff's realm (issue 27) instead of the customers' or administrators'. */
  staff?: boolean;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    privateToken: build.mutation<LoginAnswer, LoginInput>({
      query: ({ staff, ...body }) => ({
        url: '/ov/user/api/privateToken',
        method: 'POST',
        body,
        // The browser's device cookie goes with it, so the owner is let in while strangers wait (server README).
        credentials: 'same-origin',
        realm: staff ? 'atencion' : body.isAdministradorFinca ? 'fincas' : 'cliente',
        // An answer without a token is a failure whatever its status (207: verification e-mail sent), so
        // that its status reaches the failure code (spec 01 §4).
        validateStatus: (response, answer: Partial<LoginAnswer> | null) =>
          response.ok && typeof answer?.access_token === 'string' && answer.access_token !== '',
      }),
    }),
    me: build.query<ProfileAnswer, void>({
      query: () => ({ url: '/ov/user/api/me' }),
    }),
    checkConnection: build.mutation<ConnectionAnswer, Realm>({
      query: (realm) => ({ url: '/ov/user/api/checkConnection', realm, skipSessionCheck: true }),
    }),
  }),
});

export const { useMeQuery } = authApi;
