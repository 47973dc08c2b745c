import type { FastifyError, FastifyPluginAsync } from 'fastify';

import { hashPassword, needsRehash, spendDecoyHash, verifyPassword } from '../auth/passwords';
import { accountFromBearer, signedInAccount } from '../auth/requireAuth';
import { issueTokens, revokeRefreshToken } from '../auth/tokens';
import { ApiError, isBadInput, sendError } from '../http/errors';
import type { RouteContext } from './context';

export const LOGIN_BAD_CREDENTIALS = 'El usuario y/o contraseña no son correctos para ingresar.';
export const LOGIN_NOT_VALIDATED = 'La cuenta no está validada. Solicite un nuevo enlace de validación.';
export const LOGIN_TOO_MANY_ATTEMPTS =
  'Demasiados intentos de acceso. Espere un minuto e inténtelo de nuevo.';

interface LoginBody {
  username: string;
  password: string;
  isAdministradorFinca?: boolean;
}

const errorBody = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
} as const;

const loginSchema = {
  body: {
    type: 'object',
    required: ['username', 'password'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 100 },
      // Long enough for any passphrase, short enough that scrypt input stays cheap to read.
      password: { type: 'string', minLength: 1, maxLength: 256 },
      isAdministradorFinca: { type: 'boolean' },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        access_token: { type: 'string' },
        refresh_token: { type: 'string' },
        email: { type: 'string' },
        isAdministrador: { type: 'boolean' },
        token_type: { type: 'string' },
        expires_in: { type: 'integer' },
      },
    },
    '4xx': errorBody,
  },
} as const;

const logoutSchema = {
  headers: {
    type: 'object',
    properties: { refresh_token: { type: 'string', maxLength: 200 } },
  },
} as const;

const profileSchema = {
  response: {
    200: {
      type: 'object',
      properties: {
        username: { type: 'string' },
        ownercif: { type: 'string' },
        email: { type: 'string' },
        telephoneNumber: { type: 'string' },
        given_name: { type: 'string' },
        family_name: { type: 'string' },
        lastName: { type: 'string' },
      },
    },
    '4xx': errorBody,
  },
} as const;

export const userRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { realm, db, config, requireAuth },
) => {
  const badCredentials = () => new ApiError(400, 104, LOGIN_BAD_CREDENTIALS);

  app.get('/ov/user/api/checkConnection', async () => ({
    status: 'ok',
    serverTime: new Date().toISOString(),
  }));

  app.post<{ Body: LoginBody }>(
    '/ov/user/api/privateToken',
    {
      schema: loginSchema,
      config: {
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
          // Keyed by realm, address and user name: one attacker cannot lock every user out, and one user
          // cannot be guessed at faster than the limit from one address.
          keyGenerator: (request) => {
            const username = (request.body as Partial<LoginBody> | undefined)?.username;
            return `${realm}|${request.ip}|${typeof username === 'string' ? username.toLowerCase() : ''}`;
          },
          errorResponseBuilder: () => new ApiError(429, 429, LOGIN_TOO_MANY_ATTEMPTS),
        },
      },
      // The SPA turns any 400 from this call into "wrong user or password" (code 104); malformed input gets
      // the same answer so the login screen shows one consistent message.
      errorHandler: (error: FastifyError, request, reply) =>
        sendError(
          !(error instanceof ApiError) && isBadInput(error) ? badCredentials() : error,
          request,
          reply,
        ),
    },
    async (request) => {
      const { username, password, isAdministradorFinca } = request.body;
      if (isAdministradorFinca !== undefined && isAdministradorFinca !== (realm === 'fincas'))
        throw badCredentials();

      const account = await db
        .selectFrom('accounts')
        .selectAll()
        .where('realm', '=', realm)
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
        .executeTakeFirst();
      if (!account) {
        await spendDecoyHash(password);
        throw badCredentials();
      }
      if (!(await verifyPassword(password, account.password_hash))) throw badCredentials();
      // A hash made at older scrypt settings is replaced now, while the password is at hand.
      if (needsRehash(account.password_hash)) {
        await db
          .updateTable('accounts')
          .set({ password_hash: await hashPassword(password) })
          .where('id', '=', account.id)
          .where('password_hash', '=', account.password_hash)
          .execute();
      }
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (account.validated !== 1) throw new ApiError(461, 461, LOGIN_NOT_VALIDATED);

      const tokens = await issueTokens(db, { accountId: account.id, realm }, config);
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

  app.post<{ Headers: { refresh_token?: string } }>(
    '/ov/user/api/logout',
    { schema: logoutSchema },
    async (request, reply) => {
      const token = request.headers.refresh_token;
      if (token) {
        // The SPA logs out with an expired access token too; a bearer that is still valid narrows the
        // revocation to its own account.
        const account = await accountFromBearer(request, realm, db, config.jwtSecret);
        await revokeRefreshToken(db, token, { realm, accountId: account?.id });
      }
      return reply.status(204).send();
    },
  );

  app.get('/ov/user/api/me', { schema: profileSchema, preHandler: requireAuth }, async (request) => {
    const account = signedInAccount(request);
    const owner = account.holder_id
      ? await db.selectFrom('holders').select('nif').where('id', '=', account.holder_id).executeTakeFirst()
      : account.administrator_id
        ? await db
            .selectFrom('administrators')
            .select('nif')
            .where('id', '=', account.administrator_id)
            .executeTakeFirst()
        : undefined;
    return {
      username: account.username,
      ownercif: owner?.nif ?? '',
      email: account.email,
      telephoneNumber: account.telephone ?? '',
      given_name: account.given_name,
      family_name: account.family_name,
      lastName: account.last_name,
    };
  });
};
