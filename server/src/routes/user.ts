import type { FastifyError, FastifyReply } from 'fastify';
import { Type } from 'typebox';

import { serverNow } from '../clock';
import { hashPassword, needsRehash, spendDecoyHash, verifyPassword } from '../auth/passwords';
import { bearerClaims, signedInAccount } from '../auth/requireAuth';
import { deviceCookieSecret, deviceSetCookie, newDeviceValue, presentedDevice } from '../auth/deviceCookie';
import { normalizeUsername, SignInAttempts, signInNameKey, type SignInRefusal } from '../auth/signInLimits';
import { stalePurge } from '../auth/stalePurge';
import { issueTokens, revokeRefreshToken } from '../auth/tokens';
import { findAccountBy, replacePasswordHash } from '../data/accounts';
import { endSession } from '../data/sessions';
import { recordSignIn } from '../data/notifications';
import { ApiError, errorBody, isBadInput, sendError } from '../http/errors';
import type { RoutePlugin } from './context';
import { noContent } from '../contract/common';
import { connectionAnswer, loginAnswer, profileAnswer } from '../contract/user';

export const LOGIN_BAD_CREDENTIALS = 'El usuario y/o contraseña no son correctos para ingresar.';
export const LOGIN_NOT_VALIDATED = 'La cuenta no está validada. Solicite un nuevo enlace de validación.';
export const LOGIN_TOO_MANY_ATTEMPTS =
  'Demasiados intentos de acceso. Espere un minuto e inténtelo de nuevo.';
export const LOGIN_ACCOUNT_DELAYED =
  'Demasiados intentos fallidos con este usuario. Por seguridad, espere unos minutos antes de volver a intentarlo.';

const loginSchema = {
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 100 }),
    // Long enough for any passphrase, short enough that scrypt input stays cheap to read.
    password: Type.String({ minLength: 1, maxLength: 256 }),
    isAdministradorFinca: Type.Optional(Type.Boolean()),
  }),
  response: { 200: loginAnswer, '4xx': errorBody },
};

const logoutSchema = {
  headers: Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 200 })) }),
  response: { 204: noContent, '4xx': errorBody },
};

const profileSchema = { response: { 200: profileAnswer, '4xx': errorBody } };

export const userRoutes: RoutePlugin = async (app, { realm, db, config }) => {
  const badCredentials = () => new ApiError(400, 104, LOGIN_BAD_CREDENTIALS);
  const attempts = new SignInAttempts(db, config.loginRateLimit);
  const deviceSecret = deviceCookieSecret(config.jwtSecret);
  const purgeStale = stalePurge(db, config);
  /** 429 for the limits of a source, 423 for the growing delay of one user name (the SPA shows both). */
  const refused = (refusal: SignInRefusal, reply: FastifyReply) => {
    reply.header('retry-after', Math.ceil(refusal.retryAfterMs / 1000));
    return refusal.limit === 'account'
      ? new ApiError(423, 423, LOGIN_ACCOUNT_DELAYED)
      : new ApiError(429, 429, LOGIN_TOO_MANY_ATTEMPTS);
  };

  app.get('/ov/user/api/checkConnection', { schema: { response: { 200: connectionAnswer } } }, async () => ({
    status: 'ok',
    serverTime: serverNow().toISOString(),
  }));

  app.post(
    '/ov/user/api/privateToken',
    {
      schema: loginSchema,
      // The SPA turns any 400 from this call into "wrong user or password" (code 104); malformed input gets
      // the same answer so the login screen shows one consistent message.
      errorHandler: (error: FastifyError, request, reply) => {
        void sendError(
          !(error instanceof ApiError) && isBadInput(error) ? badCredentials() : error,
          request,
          reply,
        );
      },
    },
    async (request, reply) => {
      const { username, password, isAdministradorFinca } = request.body;
      if (isAdministradorFinca !== undefined && isAdministradorFinca !== (realm === 'fincas'))
        throw badCredentials();

      try {
        await purgeStale();
      } catch (error) {
        // Housekeeping: a failed purge is tried again at the next interval and never costs a sign-in.
        request.log.warn({ err: error }, 'stale sign-in rows not purged');
      }
      const nameKey = signInNameKey(realm, username);
      const device = presentedDevice(deviceSecret, nameKey, request.headers.cookie);
      const attempt = await attempts.begin(nameKey, request.ip, device?.deviceKey ?? null);
      if (attempt.refusal) throw refused(attempt.refusal, reply);
      const account = await findAccountBy(db, realm, 'username', normalizeUsername(username));
      if (!account) {
        await spendDecoyHash(password);
        throw badCredentials();
      }
      if (!(await verifyPassword(password, account.password_hash))) throw badCredentials();
      await attempts.notFailed(attempt.id);
      // A hash made at older scrypt settings is replaced now, while the password is at hand; the session is
      // then bound to the new hash (a reset meanwhile leaves the old one in place, and the sign-in fails).
      let verifiedPasswordHash = account.password_hash;
      if (needsRehash(verifiedPasswordHash)) {
        const upgraded = await hashPassword(password);
        if (await replacePasswordHash(db, account.id, verifiedPasswordHash, upgraded)) {
          verifiedPasswordHash = upgraded;
        }
      }
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (account.validated !== 1) throw new ApiError(461, 461, LOGIN_NOT_VALIDATED);

      // The home marks what is new since the sign-in before this one. Written before the tokens, so none of
      // their lifetime goes on it.
      await recordSignIn(db, account.id, serverNow().toISOString());
      const tokens = await issueTokens(db, { id: account.id, realm, verifiedPasswordHash }, config);
      // The password changed while it was being checked (a reset): the old one opens nothing.
      if (!tokens) throw badCredentials();
      // This browser is now known to the account: it gets in while strangers wait (auth/deviceCookie.ts).
      reply.header(
        'set-cookie',
        deviceSetCookie(
          nameKey,
          device?.value ?? newDeviceValue(deviceSecret, nameKey),
          request.routeOptions.url ?? request.url.split('?')[0],
          request.protocol === 'https',
        ),
      );
      return {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        email: account.email,
        isAdministrador: realm === 'fincas',
        token_type: 'Bearer',
        expires_in: tokens.expiresIn,
      };
    },
  );

  app.post('/ov/user/api/logout', { schema: logoutSchema }, async (request, reply) => {
    // The SPA logs out with an expired access token too, so the refresh token alone ends its session; a
    // bearer that is still valid ends its own session and narrows the revocation to its account.
    const claims = await bearerClaims(request, realm, config.jwtSecret);
    if (claims) await endSession(db, claims.sessionId);
    const token = request.headers.refresh_token;
    if (token) await revokeRefreshToken(db, token, { realm, accountId: claims?.accountId });
    return reply.status(204).send();
  });
};

/** The signed-in user's profile. */
export const profileRoutes: RoutePlugin = async (app) => {
  // Answered from the session lookup, owner's NIF included: no statement of its own (issue 30, the cheap call).
  app.get('/ov/user/api/me', { schema: profileSchema }, async (request) => {
    const account = signedInAccount(request);
    return {
      username: account.username,
      ownercif: account.owner_nif ?? '',
      email: account.email,
      telephoneNumber: account.telephone ?? '',
      given_name: account.given_name,
      family_name: account.family_name,
      lastName: account.last_name,
    };
  });
};
