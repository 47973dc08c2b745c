import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type {
  ClientTokenAnswer,
  NotificationPreferences,
  PasswordChangedAnswer,
  TokenCheckAnswer,
  UserCupsAnswer,
} from '@contract/account';
import type { AccessRecordAnswer, DataArchiveState } from '@contract/dataAccess';
import type { GrantedListAnswer, GrantListAnswer, GrantRequest } from '@contract/permissions';
import { httpStatusOf } from '@/shared/api/apiErrors';
import {
  blobOrErrorBody,
  FILE_TOO_SMALL_ERROR,
  fetchAndSaveFile,
  type SavedFile,
} from '@/shared/api/fileDownload';
import { archiveFileName, saveBlob } from '@/shared/lib/download';
import { baseApi } from '@/shared/api/baseApi';
import type { Realm } from '@/shared/api/baseQuery';

/**
 * The client credential of POST /token (spec 01 §7), fixed at build time by webpack's DefinePlugin. Jest does not
 * run webpack, so the same default as webpack.config.js and the reference server applies there.
 */
export const CLIENT_CREDENTIAL: string =
  process.env.OV_CLIENT_CREDENTIAL || 'oficina-virtual-spa:demo-client-secret';

/** A successful answer with its status: several flows tell 200, 201, 204 or 207 apart (spec 01 §8). */
export interface Answered<T = unknown> {
  status: number;
  body: T;
}

/** What a flow needs of any outcome: the HTTP status (null without an answer), the body code and message. */
export interface CallOutcome {
  status: number | null;
  code: number | null;
  message: string | null;
}

export function outcomeOf(result: { data?: Answered } | { error?: unknown }): CallOutcome {
  if ('data' in result && result.data) return { status: result.data.status, code: null, message: null };
  const error = ('error' in result ? result.error : undefined) as FetchBaseQueryError | undefined;
  if (!error || !('status' in error)) return { status: null, code: null, message: null };
  const data = 'data' in error ? (error.data as { code?: unknown; message?: unknown } | null) : null;
  return {
    status: httpStatusOf(error),
    code: typeof data?.code === 'number' ? data.code : null,
    message: typeof data?.message === 'string' ? data.message : null,
  };
}

const withStatus = <T>(body: T, meta: FetchBaseQueryMeta | undefined): Answered<T> => ({
  status: meta?.response?.status ?? 200,
  body,
});

/**
 * The 200 of changePasswordBackend. The reference server ends every session of the account, the caller's too,
 * and sends the tokens of a new one (names as privateToken's); other backends may send only code and message.
 */
export type ChangePasswordAnswer = Partial<PasswordChangedAnswer>;

export const realmOf = (admin: boolean): Realm => (admin ? 'fincas' : 'cliente');

export interface UserCupsInput {
  admin: boolean;
  nif: string;
  email: string;
  telefono: string;
}

export interface SignupBody {
  username: string;
  password: string;
  nif: string;
  email: string;
  telefono: string;
  firstName: string;
  lastName: string;
  language: string;
  /** Spec 01 §3: the signer's own document, which a non-holder's differs from the holder's nif. */
  identification: { typeDoc: string; idDoc: string };
  ownerCif: string;
  role: 'access';
}

export interface ContactBody {
  username: string;
  email: string;
  telefono: string;
}

const guest = (admin: boolean) => ({ realm: realmOf(admin), skipSessionCheck: true });
const adminQuery = (admin: boolean) => `?isAdministradorFinca=${admin}`;
/** A guest POST of a JSON body to the realm the form chose. */
const guestPost =
  <Body>(url: string, realmQuery: (admin: boolean) => string = adminQuery) =>
  ({ admin, body }: { admin: boolean; body: Body }) => ({
    url: `/ov/user/api/${url}${realmQuery(admin)}`,
    method: 'POST',
    body,
    ...guest(admin),
  });

const DATA_ARCHIVE_TAG = 'DataArchive';
const PERMISSIONS_TAG = 'Permissions';

/** "Registro de accesos": a page, a supply (CUPS) and a range of dates (ISO), each optional but the page. */
export interface AccessRecordQuery {
  pagina: number;
  cups: string;
  desde: string;
  hasta: string;
}
const ACCESS_RECORD_FILE = 'registro-de-accesos.csv';
/** The filled filters only: an empty field filters nothing. */
const recordParams = ({ pagina, cups, desde, hasta }: AccessRecordQuery) =>
  Object.fromEntries(
    Object.entries({ pagina, cups: cups.trim(), desde, hasta }).filter(([, value]) => value !== ''),
  );

/** What "Descargar todos mis datos" did: the file saved, or the notice of its preparation in the background. */
export type DataArchiveOutcome = { saved: string } | { preparing: string };
/** The archive's name when saved at once (the server names it by its day; the browser keeps ours). */
const DATA_ARCHIVE_FILE = 'mis-datos.zip';

export const accountApi = baseApi
  .enhanceEndpoints({ addTagTypes: [DATA_ARCHIVE_TAG, PERMISSIONS_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      userCups: build.mutation<Answered<UserCupsAnswer>, UserCupsInput>({
        query: ({ admin, nif, email, telefono }) => ({
          url: '/ov/user/api/userCups',
          params: admin ? { nif, isAdministradorFinca: true, email } : { nif, telefono, email },
          ...guest(admin),
        }),
        transformResponse: withStatus<UserCupsAnswer>,
      }),
      signUp: build.mutation<Answered, { admin: boolean; body: SignupBody }>({
        // Sign-up names the realm only for an administrator.
        query: guestPost<SignupBody>('add', (admin) => (admin ? '?isAdministradorFinca=true' : '')),
        transformResponse: withStatus,
      }),
      resendEmailVerification: build.mutation<Answered, { admin: boolean; body: ContactBody }>({
        query: guestPost<ContactBody>('resendEmailVerification'),
        transformResponse: withStatus,
      }),
      resendPasswordVerification: build.mutation<Answered, { admin: boolean; body: ContactBody }>({
        query: guestPost<ContactBody>('resendPasswordVerification'),
        transformResponse: withStatus,
      }),
      recoverUsername: build.mutation<Answered, { admin: boolean; email: string }>({
        query: ({ admin, email }) => ({
          url: `/ov/user/api/recovery/username${adminQuery(admin)}`,
          method: 'POST',
          body: { email },
          ...guest(admin),
        }),
        transformResponse: withStatus,
      }),
      clientToken: build.mutation<ClientTokenAnswer, { admin: boolean }>({
        query: ({ admin }) => ({
          url: '/token?grant_type=client_credentials',
          method: 'POST',
          headers: { Authorization: `Basic ${btoa(CLIENT_CREDENTIAL)}` },
          ...guest(admin),
        }),
      }),
      setPassword: build.mutation<
        Answered,
        { admin: boolean; clientToken: string; token: string; password: string }
      >({
        query: ({ admin, clientToken, token, password }) => ({
          url: '/ov/users/set-password',
          method: 'POST',
          headers: { Authorization: `Bearer ${clientToken}` },
          body: { token, password },
          ...guest(admin),
        }),
        transformResponse: withStatus,
      }),
      validateEmailToken: build.query<TokenCheckAnswer, { admin: boolean; token: string }>({
        query: ({ admin, token }) => ({
          url: '/ov/user/api/validateEmailToken/',
          headers: { token },
          ...guest(admin),
        }),
        keepUnusedDataFor: 0,
      }),
      updatePassword: build.mutation<Answered, { admin: boolean; token: string; newPassword: string }>({
        query: ({ admin, token, newPassword }) => ({
          url: '/ov/user/api/updatePassword/',
          method: 'PUT',
          headers: { token, newPassword },
          ...guest(admin),
        }),
        transformResponse: withStatus,
      }),
      verifyUserEmail: build.mutation<Answered, { admin: boolean; token: string }>({
        query: ({ admin, token }) => ({
          url: '/ov/user/api/verifyUserEmail/',
          headers: { token },
          ...guest(admin),
        }),
        transformResponse: withStatus,
      }),
      changePasswordBackend: build.mutation<
        Answered<ChangePasswordAnswer | null>,
        { username: string; password: string; newPassword: string }
      >({
        query: (body) => ({ url: '/ov/user/api/changePasswordBackend', method: 'POST', body }),
        transformResponse: withStatus<ChangePasswordAnswer | null>,
      }),
      notificationPreferences: build.query<NotificationPreferences, void>({
        query: () => ({ url: '/ov/user/api/notifications' }),
      }),
      dataArchiveState: build.query<DataArchiveState, void>({
        query: () => ({ url: '/ov/datos/api/estado' }),
        providesTags: [DATA_ARCHIVE_TAG],
      }),
      /**
       * "Descargar todos mis datos": the ZIP saved at once (the Blob never enters the store), or, when the server
       * prepares it in the background (202), its notice; either way the archive's state is asked again.
       */
      downloadDataArchive: build.mutation<DataArchiveOutcome, void>({
        queryFn: async (_arg, _api, _extra, baseQuery) => {
          const result = await baseQuery({
            url: '/ov/datos/api/descargar',
            responseHandler: blobOrErrorBody,
          });
          if (result.error) return { error: result.error };
          const blob = result.data as Blob;
          if ((result.meta as FetchBaseQueryMeta | undefined)?.response?.status === 202) {
            const answer = JSON.parse(await blob.text()) as { message?: string };
            return { data: { preparing: answer.message ?? '' } };
          }
          const fileName = archiveFileName(DATA_ARCHIVE_FILE, blob.type);
          return saveBlob(blob, fileName) ? { data: { saved: fileName } } : { error: FILE_TOO_SMALL_ERROR };
        },
        invalidatesTags: [DATA_ARCHIVE_TAG],
      }),
      accessRecord: build.query<AccessRecordAnswer, AccessRecordQuery>({
        query: (params) => ({ url: '/ov/accesos/api/registro', params: recordParams(params) }),
      }),
      /** The whole record (with the same filters) as CSV, saved inside the call. */
      downloadAccessRecord: build.mutation<SavedFile, AccessRecordQuery>({
        queryFn: (params, _api, _extra, baseQuery) =>
          fetchAndSaveFile(
            baseQuery,
            { url: '/ov/accesos/api/registro', params: { ...recordParams(params), output: 'csv' } },
            ACCESS_RECORD_FILE,
          ),
      }),
      /** "Permisos de acceso": the holder's permissions and the supplies it may grant. */
      permissions: build.query<GrantListAnswer, void>({
        query: () => '/ov/permisos/api/permisos',
        providesTags: [PERMISSIONS_TAG],
      }),
      givePermission: build.mutation<{ code: number; message: string }, GrantRequest>({
        query: (body) => ({ url: '/ov/permisos/api/permisos', method: 'POST', body }),
        invalidatesTags: [PERMISSIONS_TAG],
      }),
      revokePermission: build.mutation<{ code: number; message: string }, number>({
        query: (id) => ({ url: `/ov/permisos/api/permisos/${id}/revocar`, method: 'POST' }),
        invalidatesTags: [PERMISSIONS_TAG],
      }),
      /** "Suministros autorizados": the permissions other holders gave this customer, in force today. */
      grantedSupplies: build.query<GrantedListAnswer, void>({
        query: () => '/ov/permisos/api/autorizados',
      }),
      saveNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
        query: (body) => ({ url: '/ov/user/api/notifications', method: 'PUT', body }),
        // The answer is what the server stored: the switches show it without asking again.
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data)
            await dispatch(accountApi.util.upsertQueryData('notificationPreferences', undefined, data));
        },
      }),
    }),
  });

export const {
  useUserCupsMutation,
  useSignUpMutation,
  useResendEmailVerificationMutation,
  useResendPasswordVerificationMutation,
  useRecoverUsernameMutation,
  useClientTokenMutation,
  useSetPasswordMutation,
  useValidateEmailTokenQuery,
  useUpdatePasswordMutation,
  useVerifyUserEmailMutation,
  useChangePasswordBackendMutation,
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  useDataArchiveStateQuery,
  useDownloadDataArchiveMutation,
  useAccessRecordQuery,
  useDownloadAccessRecordMutation,
  usePermissionsQuery,
  useGivePermissionMutation,
  useRevokePermissionMutation,
  useGrantedSuppliesQuery,
} = accountApi;

/** The validation link of the backend that the validation-request page sends the browser to. */
export const VALIDATION_PATH = '/ov/users/validation';

/** Product counts of the sign-up lookup, from the counts or, failing those, from the list. */
export function productCounts(answer: UserCupsAnswer | undefined): { electricity: number; gas: number } {
  const select = answer?.cupsAsociados?.select;
  const list = Array.isArray(select) ? select : select ? [select] : [];
  return {
    electricity: answer?.cupsElectricidad ?? list.filter((item) => item.line === 'Electricidad').length,
    gas: answer?.cupsGas ?? list.filter((item) => item.line === 'Gas').length,
  };
}
