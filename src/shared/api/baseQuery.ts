import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { isTokenExpired } from '@/shared/lib/jwt';
import { noteServerTime } from '@/shared/lib/madridClock';
import type { SessionView, StateWithSession, ThunkExtra } from './session';

export type Realm = 'cliente' | 'fincas' | 'atencion';

/** FetchArgs plus what only this project needs: a realm for calls made before sign-in, and guest calls. */
export interface OvArgs extends FetchArgs {
  /** Overrides the realm chosen from the session (login, connection check and other guest flows). */
  realm?: Realm;
  /** Guest calls (sign-up, recovery, connection check) carry no session and must not end one. */
  skipSessionCheck?: boolean;
}

export const REQUEST_TIMEOUT_MS = 30_000;

/** Endpoints that run without a live session by definition (spec 01 §7). */
const SESSION_CHECK_SKIPPED = new Set(['privateToken', 'logout']);

export const SESSION_ENDED_ERROR: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'SESSION_ENDED' };

export function apiBaseFor(realm: Realm): string {
  const config = getRuntimeConfig();
  if (realm === 'atencion') return config.apiBaseAtencion;
  return realm === 'fincas' ? config.apiBaseFincas : config.apiBaseCliente;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithSession).auth.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The realm a session's calls go to: the staff flag first (issue 27), then the administrator flag. */
export function sessionRealm(session: Pick<SessionView, 'isAdministrador' | 'isAtencion'>): Realm {
  if (session.isAtencion) return 'atencion';
  return session.isAdministrador ? 'fincas' : 'cliente';
}

type EndExpiredSession = () => ThunkAction<Promise<void>, StateWithSession, ThunkExtra, UnknownAction>;

/**
 * The single place that knows about the session: picks the customer, administrator or staff base URL from
 * the session's flags (sessionRealm), adds the bearer token, refuses to send with an expired or unreadable token,
 * and turns any 401 into one logout. How the session ends is endSession('expired') in baseApi.ts, passed in
 * because endSession itself needs baseApi (the server logout, the cache reset).
 */
export const createOvBaseQuery =
  (endExpiredSession: EndExpiredSession): BaseQueryFn<string | OvArgs, unknown, FetchBaseQueryError> =>
  async (args, api, extraOptions: object = {}) => {
    const { realm, skipSessionCheck, ...fetchArgs }: OvArgs = typeof args === 'string' ? { url: args } : args;
    const session = (api.getState() as StateWithSession).auth;
    const checksSession = !skipSessionCheck && !SESSION_CHECK_SKIPPED.has(api.endpoint);
    const dispatch = api.dispatch as (action: ReturnType<EndExpiredSession>) => Promise<void>;

    if (checksSession && (session.isLeaving || isTokenExpired(session.accessToken))) {
      await dispatch(endExpiredSession());
      return { error: SESSION_ENDED_ERROR };
    }

    const base = apiBaseFor(realm ?? sessionRealm(session));
    const result = await rawBaseQuery({ ...fetchArgs, url: `${base}${fetchArgs.url}` }, api, extraOptions);
    noteServerTime(result.meta?.response?.headers.get('x-server-time'));

    if (checksSession && result.error?.status === 401) {
      await dispatch(endExpiredSession());
    }
    return result;
  };
