import { timingSafeEqual } from 'node:crypto';

import type { FastifyRequest } from 'fastify';

import { passwordProblem } from '../../auth/passwordRule';
import { refuseGuessablePassword } from '../../auth/commonPasswords';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { bearerToken, signedInAccount } from '../../auth/requireAuth';
import { isClientToken, issueTokens, signClientToken } from '../../auth/tokens';
import { accountWords, setPasswordHash } from '../../data/accounts';
import { findLiveToken, spendToken } from '../../data/accountTokens';
import { endAccountSessions } from '../../data/sessions';
import { ApiError } from '../../http/errors';
import type { RoutePlugin } from '../context';
import { accountFlow, sameText } from './accountFlow';
import {
  CLIENT_CREDENTIAL_WRONG,
  CLIENT_TOKEN_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  FORBIDDEN_PASSWORD,
  PASSWORD_CHANGED,
  PASSWORD_FORMAT,
  SAME_PASSWORD,
  SIGNUP_CODES,
  TOKEN_INVALID,
} from './accountMessages';
import {
  changePasswordSchema,
  clientTokenSchema,
  setPasswordSchema,
  updatePasswordSchema,
} from './accountSchemas';

const CLIENT_TOKEN_SECONDS = 300;

/** A new password from an e-mailed one-time token: the reset link, or the set-password code (spec 01 §7). */
export const passwordRoutes: RoutePlugin = async (app, context) => {
  const { realm, db, config } = context;
  const { guestLimit } = accountFlow(context);

  /** The client-credentials grant of spec 01 §7: a short token that may only call set-password. */
  app.post('/token', { schema: clientTokenSchema, config: guestLimit }, async (request) => {
    if (request.query.grant_type !== 'client_credentials') {
      throw new ApiError(400, 400, 'grant_type debe ser client_credentials');
    }
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const given = Buffer.from(match ? Buffer.from(match[1], 'base64').toString('utf8') : '');
    const expected = Buffer.from(config.clientCredential);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, 401, CLIENT_CREDENTIAL_WRONG);
    }
    const clientId = config.clientCredential.split(':')[0];
    const accessToken = await signClientToken(clientId, realm, CLIENT_TOKEN_SECONDS, config.jwtSecret);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: CLIENT_TOKEN_SECONDS };
  });

  async function hasClientToken(request: FastifyRequest): Promise<boolean> {
    const token = bearerToken(request);
    return token !== null && isClientToken(token, realm, config.jwtSecret);
  }

  /** Sets a new password with a one-time token of these purposes; the same order of checks everywhere. */
  async function setPasswordWithToken(
    token: string | undefined,
    password: string,
    purposes: ('reset' | 'set-password')[],
  ): Promise<void> {
    const live = await findLiveToken(db, token, realm, purposes);
    if (!live) throw new ApiError(400, SIGNUP_CODES.tokenInvalid, TOKEN_INVALID);
    const problem = passwordProblem(password);
    if (problem === 'forbidden') throw new ApiError(465, 465, FORBIDDEN_PASSWORD);
    if (problem === 'weak') throw new ApiError(400, SIGNUP_CODES.passwordFormat, PASSWORD_FORMAT);
    refuseGuessablePassword(password, await accountWords(db, live.accountId));
    const passwordHash = await hashPassword(password);
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, live.tokenId))) return false;
      await setPasswordHash(trx, live.accountId, passwordHash);
      // Whoever knew the old password loses the sessions it opened.
      await endAccountSessions(trx, live.accountId);
      return true;
    });
    if (!changed) throw new ApiError(400, SIGNUP_CODES.tokenInvalid, TOKEN_INVALID);
  }

  app.post(
    '/ov/users/set-password',
    {
      schema: setPasswordSchema,
      config: guestLimit,
      // The client token is the precondition of this call; without it nothing else is looked at.
      preValidation: async (request) => {
        if (!(await hasClientToken(request))) throw new ApiError(412, 412, CLIENT_TOKEN_REQUIRED);
      },
    },
    async (request, reply) => {
      await setPasswordWithToken(request.body.token, request.body.password, ['set-password']);
      return reply.status(202).send({ code: 202, message: PASSWORD_CHANGED });
    },
  );

  app.put(
    '/ov/user/api/updatePassword/',
    { schema: updatePasswordSchema, config: guestLimit },
    async (request, reply) => {
      await setPasswordWithToken(request.headers.token, request.headers.newpassword, ['reset']);
      return reply.status(204).send();
    },
  );
};

/** The signed-in user's own password change; every session of the account ends and the caller gets a new one. */
export const passwordChangeRoutes: RoutePlugin = async (app, context) => {
  const { realm, db, config } = context;
  const { guestLimit } = accountFlow(context);

  app.post(
    '/ov/user/api/changePasswordBackend',
    { schema: changePasswordSchema, config: guestLimit },
    async (request) => {
      const account = signedInAccount(request);
      const { username, password, newPassword } = request.body;
      // The user name sent must be the caller's own (administrators send their e-mail, which is theirs).
      if (!sameText(username, account.username)) throw new ApiError(400, 400, CURRENT_PASSWORD_WRONG);
      if (!(await verifyPassword(password, account.password_hash))) {
        throw new ApiError(403, 403, CURRENT_PASSWORD_WRONG);
      }
      if (newPassword === password) throw new ApiError(400, 400, SAME_PASSWORD);
      const problem = passwordProblem(newPassword);
      if (problem === 'forbidden') throw new ApiError(465, 465, FORBIDDEN_PASSWORD);
      if (problem === 'weak') throw new ApiError(400, 400, PASSWORD_FORMAT);
      refuseGuessablePassword(newPassword, account);
      const passwordHash = await hashPassword(newPassword);
      // Every session of the account ends, the caller's too (a copy of its token must not outlive the old
      // password); the caller, who has just proved the password, goes on in a new session bound to the new hash.
      const tokens = await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, account.id, passwordHash);
        await endAccountSessions(trx, account.id);
        return issueTokens(trx, { id: account.id, realm, verifiedPasswordHash: passwordHash }, config);
      });
      if (!tokens) throw new Error('la sesión nueva no se ha abierto con la contraseña recién guardada');
      return {
        code: 200,
        message: PASSWORD_CHANGED,
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
      };
    },
  );
};
