import { timingSafeEqual } from 'node:crypto';

import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { passwordProblem } from '../auth/passwordRule';
import { refuseCommonPassword } from '../auth/commonPasswords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { bearerToken, signedInAccount } from '../auth/requireAuth';
import { endAccountSessions, isClientToken, issueTokens, signClientToken } from '../auth/tokens';
import type { Db } from '../db/database';
import type { Account, AccountTokenPurpose } from '../db/schema';
import { ApiError, errorBody, sendError } from '../http/errors';
import { MailError, type MailFailure, type OutgoingMail } from '../mail/mailer';
import { passwordResetMail, usernameRecoveryMail, validationMail, verifyEmailMail } from '../mail/messages';
import { enqueueMail } from '../mail/queue';
import { findLiveToken, issueAccountToken, spendToken, TOKEN_LIFETIME_HOURS } from './accountTokens';
import type { RouteContext } from './context';

// Body codes and texts of the account calls (spec 01 §8; the table is in server/README.md).
export const SIGNUP_CREATED = 'Usuario registrado. Le hemos enviado un correo para activar la cuenta.';
export const SIGNUP_RESENT = 'El usuario ya estaba registrado y pendiente de validar: correo reenviado.';
export const USERNAME_TAKEN = 'Ya existe una cuenta con ese nombre de usuario o correo electrónico.';
export const NO_CONTRACT = 'No se ha encontrado ningún contrato con esos datos.';
export const DOCUMENT_MISMATCH = 'Los datos no coinciden con los del titular registrado.';
export const MISSING_FIELDS = 'Faltan datos obligatorios o no son válidos.';
export const FORBIDDEN_PASSWORD = 'La contraseña contiene caracteres no permitidos o no cumple la política.';
export const FORBIDDEN_NAME = 'Los nombres o el nombre de usuario contienen caracteres no permitidos.';
export const WRONG_REALM = 'Esta operación no existe en este ámbito.';
export const USER_NOT_FOUND = 'No existe ningún usuario con esos datos.';
export const ALREADY_ACTIVE = 'El usuario ya está activo.';
export const MAIL_SENT = 'Correo enviado.';
export const RESET_USERNAME_UNKNOWN = 'El nombre de usuario no está registrado.';
export const RESET_EMAIL_MISMATCH = 'El correo electrónico no coincide con el registrado.';
export const RESET_PHONE_MISMATCH = 'El teléfono no coincide con el registrado.';
export const RESET_NOT_VALIDATED = 'La cuenta todavía no está validada: no se puede cambiar la contraseña.';
export const TOKEN_INVALID = 'El enlace o el código de confirmación ha caducado o no es válido.';
export const PASSWORD_FORMAT = 'La contraseña no tiene el formato requerido.';
export const CLIENT_TOKEN_REQUIRED = 'Falta un token de cliente válido.';
export const CLIENT_CREDENTIAL_WRONG = 'Credencial de cliente no válida.';
export const CURRENT_PASSWORD_WRONG = 'La contraseña actual no es correcta.';
export const SAME_PASSWORD = 'La nueva contraseña debe ser distinta de la actual.';
export const PASSWORD_CHANGED = 'Contraseña cambiada.';
export const TOKEN_VALID_MESSAGE = 'Token válido';
/** The production backend's text for an invalid e-mail token; the SPA compares with it (spec 01 §7). */
export const TOKEN_INVALID_MESSAGE = 'Error al validar usuario.';
export const TOO_MANY_REQUESTS = 'Demasiadas peticiones. Espere un minuto e inténtelo de nuevo.';
const MAIL_FAILED: Record<MailFailure, ApiError> = {
  unavailable: new ApiError(503, 503, 'El servicio de correo no está disponible.'),
  rejected: new ApiError(502, 502, 'El servidor de correo ha rechazado el mensaje.'),
  timeout: new ApiError(504, 504, 'El servidor de correo no ha respondido a tiempo.'),
};

export const SIGNUP_CODES = { usernameTaken: 103, passwordFormat: 176, tokenInvalid: 147 } as const;
export const RESET_CODES = { emailMismatch: 169, phoneMismatch: 170, usernameUnknown: 174 } as const;

// Server side of the spec 01 §5 rules the SPA checks first.
const USERNAME_RULE = /^[A-Za-z0-9]{3,30}$/;
const ALLOWED_NAME_CHARACTERS = /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ .,'-]*$/;
const DOCUMENT_RULE = /^[A-Za-z0-9]{8,10}$/;
const DOCUMENT_TYPES = ['nif', 'cif', 'nie'];
const SIGNUP_ROLE = 'access';
const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 50;

/** Spec 01 §5: a double quote counts twice towards the name limits. */
const quotedLength = (text: string) => text.length + (text.match(/"/g)?.length ?? 0);
const digitsOf = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');
const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
/** A telephone of 0 is how the SPA sends "none" (administrators, spec 01 §2). */
const givenPhone = (telefono: string | undefined) => {
  const digits = digitsOf(telefono);
  return digits && !/^0+$/.test(digits) ? digits : null;
};

interface SignupBody {
  username: string;
  password: string;
  nif: string;
  email: string;
  telefono?: string | number;
  firstName: string;
  lastName?: string;
  language: string;
  /** Spec 01 §3: the signer's own document, the holder's CIF and the role, always access. */
  identification?: { typeDoc?: string; idDoc?: string };
  ownerCif?: string;
  role?: string;
}

interface AdminQuery {
  isAdministradorFinca?: boolean;
}

interface UserCupsQuery extends AdminQuery {
  nif: string;
  telefono?: string;
  email: string;
}

interface ResendBody {
  username: string;
  email: string;
  telefono?: string | number;
}

const adminQuery = {
  type: 'object',
  properties: { isAdministradorFinca: { type: 'boolean' } },
} as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const phone = { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'integer' }] } as const;

const signupSchema = {
  querystring: adminQuery,
  body: {
    type: 'object',
    required: ['username', 'password', 'nif', 'email', 'firstName', 'language'],
    properties: {
      username: text(100),
      password: text(128),
      nif: text(20),
      email: text(100),
      telefono: phone,
      firstName: text(200),
      lastName: text(200),
      language: text(5),
      identification: {
        type: 'object',
        properties: { typeDoc: text(5), idDoc: text(20) },
      },
      ownerCif: text(20),
      role: text(20),
    },
  },
  response: { '2xx': errorBody, '4xx': errorBody, '5xx': errorBody },
} as const;

const userCupsSchema = {
  querystring: {
    type: 'object',
    required: ['nif', 'email'],
    properties: {
      nif: text(20),
      email: text(100),
      telefono: text(20),
      isAdministradorFinca: { type: 'boolean' },
    },
  },
} as const;

const resendSchema = {
  querystring: adminQuery,
  body: {
    type: 'object',
    required: ['username', 'email'],
    properties: { username: text(100), email: text(100), telefono: phone },
  },
} as const;

const recoverySchema = {
  querystring: adminQuery,
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', minLength: 3, maxLength: 100, pattern: EMAIL_RULE.source } },
  },
} as const;

const tokenHeaderSchema = {
  headers: { type: 'object', properties: { token: text(200) } },
} as const;

const updatePasswordSchema = {
  headers: {
    type: 'object',
    required: ['token', 'newpassword'],
    properties: { token: text(200), newpassword: text(128) },
  },
} as const;

const setPasswordSchema = {
  body: {
    type: 'object',
    required: ['token', 'password'],
    properties: { token: text(200), password: text(128) },
  },
} as const;

const clientTokenSchema = {
  querystring: {
    type: 'object',
    properties: { grant_type: text(50) },
  },
} as const;

const changePasswordSchema = {
  body: {
    type: 'object',
    required: ['username', 'password', 'newPassword'],
    properties: { username: text(100), password: text(128), newPassword: text(128) },
  },
} as const;

/** A route-level error handler that answers schema failures with this error instead of the generic 400. */
const badInputAs =
  (answer: ApiError) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendError(error.validation ? answer : error, request, reply);

/**
 * The signer's document, the holder's CIF and the role of a sign-up (spec 01 §3), checked against the NIF the
 * account is claimed for: the holder's CIF is that NIF, and an administrator's document is that NIF too (spec
 * 01 §2). Older clients send only the §7 body; their accounts keep no document.
 */
function signupIdentity(body: SignupBody, nif: string, isAdministrator: boolean) {
  const typeDoc = body.identification?.typeDoc?.trim().toLowerCase();
  const idDoc = body.identification?.idDoc?.trim().toUpperCase();
  const ownerCif = body.ownerCif?.trim().toUpperCase();
  const invalid =
    (body.role !== undefined && body.role !== SIGNUP_ROLE) ||
    (typeDoc !== undefined && !DOCUMENT_TYPES.includes(typeDoc)) ||
    (idDoc !== undefined && !DOCUMENT_RULE.test(idDoc)) ||
    (ownerCif !== undefined && ownerCif !== nif) ||
    (isAdministrator && idDoc !== undefined && idDoc !== nif);
  if (invalid) throw new ApiError(464, 464, MISSING_FIELDS);
  return {
    document_type: typeDoc ?? null,
    document_number: idDoc ?? null,
    owner_cif: nif,
    role: SIGNUP_ROLE,
  };
}

const fullName = (account: Pick<Account, 'given_name' | 'last_name'>) =>
  [account.given_name, account.last_name].filter(Boolean).join(' ').trim();

const CLIENT_TOKEN_SECONDS = 300;

export const accountRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { realm, db, config, requireAuth, mailQueue },
) => {
  const isFincas = realm === 'fincas';
  const adminFlagFits = (flag: boolean | undefined) => (flag ?? false) === isFincas;
  // E-mail links point at the SPA on the configured public URL, never at the Host header of the request.
  const spaLink = (route: string, params: Record<string, string>) => {
    const query = new URLSearchParams(params);
    if (isFincas) query.set('isAdministradorFinca', 'true');
    return `${config.publicUrl}${route}?${query.toString()}`;
  };

  const guestLimit = {
    rateLimit: {
      max: config.accountRateLimit.max,
      timeWindow: config.accountRateLimit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${realm}|${request.ip}|${request.routeOptions.url}`,
      errorResponseBuilder: () => new ApiError(429, 429, TOO_MANY_REQUESTS),
    },
  };

  /**
   * Writes a one-time token and the e-mail that carries its link in one transaction (the caller's, when it
   * writes more), so no token is left without its message; returns the queued message.
   */
  const queueTokenMail = async (
    trx: Db,
    accountId: number,
    purpose: AccountTokenPurpose,
    mailFor: (token: string) => OutgoingMail,
  ) => enqueueMail(trx, mailFor(await issueAccountToken(trx, accountId, purpose)));

  const queueInOwnTransaction = (
    accountId: number,
    purpose: AccountTokenPurpose,
    mailFor: (token: string) => OutgoingMail,
  ) => db.transaction().execute((trx) => queueTokenMail(trx, accountId, purpose, mailFor));

  /** Sends a queued message now; if that fails it stays queued for the retries and the call answers like a gateway. */
  async function send(queued: number): Promise<void> {
    try {
      await mailQueue.deliver(queued);
    } catch (error) {
      if (error instanceof MailError) throw MAIL_FAILED[error.failure];
      throw error;
    }
  }

  const findAccount = (column: 'username' | 'email', value: string) =>
    db
      .selectFrom('accounts')
      .selectAll()
      .where('realm', '=', realm)
      .where((eb) => eb(eb.fn('lower', [column]), '=', value.trim().toLowerCase()))
      .executeTakeFirst();

  /** The owner a sign-up claims: a holder with contracts (customers) or a registered administrator. */
  async function signupOwner(nif: string, email: string, telefono: string | null) {
    if (isFincas) {
      const administrator = await db
        .selectFrom('administrators')
        .selectAll()
        .where('nif', '=', nif)
        .executeTakeFirst();
      if (!administrator) throw new ApiError(403, 403, NO_CONTRACT);
      if (!sameText(administrator.email, email)) throw new ApiError(461, 461, DOCUMENT_MISMATCH);
      const contracts = await db
        .selectFrom('contracts')
        .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
        .innerJoin('administrator_clients', 'administrator_clients.holder_id', 'contracts.holder_id')
        .select(['contracts.line', 'supply_points.cups'])
        .where('administrator_clients.administrator_id', '=', administrator.id)
        .orderBy('contracts.id')
        .execute();
      return { holderId: null, administratorId: administrator.id, phone: null, contracts };
    }
    const holder = await db.selectFrom('holders').selectAll().where('nif', '=', nif).executeTakeFirst();
    const contracts = holder
      ? await db
          .selectFrom('contracts')
          .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
          .select(['contracts.line', 'supply_points.cups'])
          .where('contracts.holder_id', '=', holder.id)
          .orderBy('contracts.id')
          .execute()
      : [];
    if (!holder || contracts.length === 0) throw new ApiError(403, 403, NO_CONTRACT);
    // The e-mail must be the holder's own, so the validation link reaches the holder; a telephone, when given,
    // must be the registered one.
    if (!sameText(holder.email, email) || (telefono !== null && telefono !== digitsOf(holder.phone))) {
      throw new ApiError(461, 461, DOCUMENT_MISMATCH);
    }
    return { holderId: holder.id, administratorId: null, phone: digitsOf(holder.phone) || null, contracts };
  }

  app.get<{ Querystring: UserCupsQuery }>(
    '/ov/user/api/userCups',
    { schema: userCupsSchema, config: guestLimit },
    async (request) => {
      const { nif, email, telefono, isAdministradorFinca } = request.query;
      if (!adminFlagFits(isAdministradorFinca)) throw new ApiError(404, 404, WRONG_REALM);
      const owner = await signupOwner(
        nif.trim().toUpperCase(),
        email,
        isFincas ? null : givenPhone(telefono),
      );
      return {
        cupsAsociados: { select: owner.contracts.map(({ line, cups }) => ({ line, cups })) },
        cupsElectricidad: owner.contracts.filter((c) => c.line === 'Electricidad').length,
        cupsGas: owner.contracts.filter((c) => c.line === 'Gas').length,
      };
    },
  );

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/ov/user/api/add',
    handler: async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new ApiError(405, 405, 'Método no permitido');
    },
  });

  app.post<{ Body: SignupBody; Querystring: AdminQuery }>(
    '/ov/user/api/add',
    {
      schema: signupSchema,
      config: guestLimit,
      errorHandler: badInputAs(new ApiError(464, 464, MISSING_FIELDS)),
    },
    async (request, reply) => {
      if (!adminFlagFits(request.query.isAdministradorFinca)) throw new ApiError(404, 404, WRONG_REALM);
      const body = request.body;
      const email = body.email.trim();
      const nif = body.nif.trim().toUpperCase();
      const firstName = body.firstName.trim();
      const lastName = (body.lastName ?? '').trim();
      // Administrators sign in with their e-mail (spec 01 §2), so that is their user name here.
      const username = isFincas ? email.toLowerCase() : body.username.trim();
      if (!username || !firstName || !EMAIL_RULE.test(email) || !DOCUMENT_RULE.test(nif)) {
        throw new ApiError(464, 464, MISSING_FIELDS);
      }
      if (quotedLength(firstName) > NAME_MAX || quotedLength(lastName) > NAME_MAX) {
        throw new ApiError(464, 464, MISSING_FIELDS);
      }
      const identity = signupIdentity(body, nif, isFincas);
      if (
        !ALLOWED_NAME_CHARACTERS.test(firstName) ||
        !ALLOWED_NAME_CHARACTERS.test(lastName) ||
        (!isFincas && !USERNAME_RULE.test(username))
      ) {
        throw new ApiError(470, 470, FORBIDDEN_NAME);
      }
      if (passwordProblem(body.password)) throw new ApiError(465, 465, FORBIDDEN_PASSWORD);
      refuseCommonPassword(body.password);
      const telefono = isFincas ? null : givenPhone(String(body.telefono ?? ''));
      const owner = await signupOwner(nif, email, telefono);

      const byUsername = await findAccount('username', username);
      const byEmail = await findAccount('email', email);
      const pending =
        byUsername &&
        byUsername.id === byEmail?.id &&
        byUsername.validated === 0 &&
        byUsername.holder_id === owner.holderId &&
        byUsername.administrator_id === owner.administratorId
          ? byUsername
          : null;
      if ((byUsername || byEmail) && !pending) {
        throw new ApiError(500, SIGNUP_CODES.usernameTaken, USERNAME_TAKEN);
      }

      // A second sign-up of an account still waiting for validation only sends the link again; the first
      // password stays, so a stranger who knows the holder's data cannot replace it.
      const passwordHash = pending ? null : await hashPassword(body.password);
      // The account, its validation token and the e-mail are written together: a process that stops before
      // the e-mail leaves leaves it queued (mail/queue.ts), never an account that cannot be validated.
      const { accountId, queued } = await db
        .transaction()
        .execute(async (trx) => {
          const accountId = pending ? pending.id : await insertAccount(trx, passwordHash!);
          const queued = await queueTokenMail(trx, accountId, 'validation', (token) =>
            validationMail(
              email,
              fullName(pending ?? { given_name: firstName, last_name: lastName }),
              spaLink('/user-validation-request', { token }),
              TOKEN_LIFETIME_HOURS.validation,
            ),
          );
          return { accountId, queued };
        })
        .catch(async (error: unknown) => {
          // Lost a race with the same user name or e-mail: the unique index decides.
          if (
            !pending &&
            (await findAccount('username', username).then((a) => a ?? findAccount('email', email)))
          ) {
            throw new ApiError(500, SIGNUP_CODES.usernameTaken, USERNAME_TAKEN);
          }
          throw error;
        });

      async function insertAccount(trx: Db, password_hash: string) {
        const inserted = await trx
          .insertInto('accounts')
          .values({
            realm,
            username,
            email,
            password_hash,
            holder_id: owner.holderId,
            administrator_id: owner.administratorId,
            telephone: telefono ?? owner.phone,
            given_name: firstName,
            family_name: lastName,
            last_name: lastName,
            validated: 0,
            created_at: new Date().toISOString(),
            ...identity,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      }

      try {
        await send(queued);
      } catch (error) {
        // The user is told the e-mail did not leave: undo the new account and its message so that they can
        // sign up again at once, instead of a link arriving later for an attempt they were told had failed.
        if (!pending) {
          await db.transaction().execute(async (trx) => {
            await trx.deleteFrom('mail_queue').where('id', '=', queued).execute();
            await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
          });
        }
        throw error;
      }
      return pending
        ? reply.status(207).send({ code: 207, message: SIGNUP_RESENT })
        : reply.status(201).send({ code: 201, message: SIGNUP_CREATED });
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/ov/users/validation',
    {
      schema: { querystring: { type: 'object', properties: { token: text(200) } } },
      config: guestLimit,
      errorHandler: (_error, _request, reply) => reply.redirect(`${config.publicUrl}/user-validation-error`),
    },
    async (request, reply) => {
      const live = await findLiveToken(db, request.query.token, realm, ['validation']);
      const account = live
        ? await db.transaction().execute(async (trx) => {
            if (!(await spendToken(trx, live.tokenId))) return null;
            await trx
              .updateTable('accounts')
              .set({ validated: 1 })
              .where('id', '=', live.accountId)
              .execute();
            return trx
              .selectFrom('accounts')
              .select(['given_name', 'last_name'])
              .where('id', '=', live.accountId)
              .executeTakeFirstOrThrow();
          })
        : null;
      if (!account) return reply.redirect(`${config.publicUrl}/user-validation-error`);
      const user = encodeURIComponent(Buffer.from(fullName(account), 'utf8').toString('base64'));
      return reply.redirect(`${config.publicUrl}/user-validation?user=${user}`);
    },
  );

  app.post<{ Body: ResendBody; Querystring: AdminQuery }>(
    '/ov/user/api/resendEmailVerification',
    { schema: resendSchema, config: guestLimit },
    async (request, reply) => {
      const { username, email, telefono } = request.body;
      if (!adminFlagFits(request.query.isAdministradorFinca)) throw new ApiError(404, 404, USER_NOT_FOUND);
      // Administrators type their e-mail in both fields (spec 01 §5).
      const account = await findAccount(isFincas ? 'email' : 'username', isFincas ? email : username);
      if (
        !account ||
        !sameText(account.email, email) ||
        (!isFincas && digitsOf(account.telephone) !== digitsOf(String(telefono ?? '')))
      ) {
        throw new ApiError(404, 404, USER_NOT_FOUND);
      }
      if (account.validated === 1) throw new ApiError(409, 409, ALREADY_ACTIVE);
      await send(
        await queueInOwnTransaction(account.id, 'verify-email', (token) =>
          verifyEmailMail(
            account.email,
            fullName(account),
            spaLink('/user-verify-email', { token }),
            TOKEN_LIFETIME_HOURS['verify-email'],
          ),
        ),
      );
      return reply.status(202).send({ code: 202, message: MAIL_SENT });
    },
  );

  app.post<{ Body: ResendBody; Querystring: AdminQuery }>(
    '/ov/user/api/resendPasswordVerification',
    { schema: resendSchema, config: guestLimit },
    async (request, reply) => {
      const { username, email, telefono } = request.body;
      const unknownUser = new ApiError(400, RESET_CODES.usernameUnknown, RESET_USERNAME_UNKNOWN);
      if (!adminFlagFits(request.query.isAdministradorFinca)) throw unknownUser;
      const name = username.trim();
      if (isFincas ? !EMAIL_RULE.test(name) : !USERNAME_RULE.test(name)) {
        throw new ApiError(465, 465, FORBIDDEN_NAME);
      }
      const account = await findAccount('username', name);
      if (!account) throw unknownUser;
      if (!sameText(account.email, email)) {
        throw new ApiError(400, RESET_CODES.emailMismatch, RESET_EMAIL_MISMATCH);
      }
      // Administrators register without a telephone (sent as 0), so theirs is not compared.
      if (!isFincas && digitsOf(account.telephone) !== digitsOf(String(telefono ?? ''))) {
        throw new ApiError(400, RESET_CODES.phoneMismatch, RESET_PHONE_MISMATCH);
      }
      if (account.validated !== 1) throw new ApiError(464, 464, RESET_NOT_VALIDATED);
      await send(
        await queueInOwnTransaction(account.id, 'reset', (token) =>
          passwordResetMail(
            account.email,
            fullName(account),
            account.username,
            spaLink('/user-change-password', { token }),
            TOKEN_LIFETIME_HOURS.reset,
          ),
        ),
      );
      return reply.status(204).send();
    },
  );

  app.post<{ Body: { email: string }; Querystring: AdminQuery }>(
    '/ov/user/api/recovery/username',
    { schema: recoverySchema, config: guestLimit },
    async (request, reply) => {
      const account = adminFlagFits(request.query.isAdministradorFinca)
        ? await findAccount('email', request.body.email)
        : undefined;
      if (!account) return reply.status(204).send();
      await send(
        await queueInOwnTransaction(account.id, 'set-password', (token) =>
          usernameRecoveryMail(
            account.email,
            fullName(account),
            account.username,
            spaLink('/password-change', { confirmation: token }),
            TOKEN_LIFETIME_HOURS['set-password'],
          ),
        ),
      );
      return reply.status(200).send({ code: 200, message: MAIL_SENT });
    },
  );

  /** The client-credentials grant of spec 01 §7: a short token that may only call set-password. */
  app.post<{ Querystring: { grant_type?: string } }>(
    '/token',
    { schema: clientTokenSchema, config: guestLimit },
    async (request) => {
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
    },
  );

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
    refuseCommonPassword(password);
    const passwordHash = await hashPassword(password);
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, live.tokenId))) return false;
      await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash })
        .where('id', '=', live.accountId)
        .execute();
      // Whoever knew the old password loses the sessions it opened.
      await endAccountSessions(trx, live.accountId);
      return true;
    });
    if (!changed) throw new ApiError(400, SIGNUP_CODES.tokenInvalid, TOKEN_INVALID);
  }

  app.post<{ Body: { token: string; password: string } }>(
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

  app.get<{ Headers: { token?: string } }>(
    '/ov/user/api/validateEmailToken/',
    { schema: tokenHeaderSchema, config: guestLimit },
    async (request) => {
      const live = await findLiveToken(db, request.headers.token, realm, ['reset', 'verify-email']);
      return { mensaje: live ? TOKEN_VALID_MESSAGE : TOKEN_INVALID_MESSAGE };
    },
  );

  app.put<{ Headers: { token: string; newpassword: string } }>(
    '/ov/user/api/updatePassword/',
    { schema: updatePasswordSchema, config: guestLimit },
    async (request, reply) => {
      await setPasswordWithToken(request.headers.token, request.headers.newpassword, ['reset']);
      return reply.status(204).send();
    },
  );

  app.get<{ Headers: { token?: string } }>(
    '/ov/user/api/verifyUserEmail/',
    { schema: tokenHeaderSchema, config: guestLimit },
    async (request, reply) => {
      const live = await findLiveToken(db, request.headers.token, realm, ['verify-email']);
      const verified =
        live &&
        (await db.transaction().execute(async (trx) => {
          if (!(await spendToken(trx, live.tokenId))) return false;
          await trx.updateTable('accounts').set({ validated: 1 }).where('id', '=', live.accountId).execute();
          return true;
        }));
      if (!verified) throw new ApiError(400, SIGNUP_CODES.tokenInvalid, TOKEN_INVALID);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: { username: string; password: string; newPassword: string } }>(
    '/ov/user/api/changePasswordBackend',
    { schema: changePasswordSchema, preHandler: requireAuth, config: guestLimit },
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
      refuseCommonPassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      // Every session of the account ends, the caller's too (a copy of its token must not outlive the old
      // password); the caller, who has just proved the password, goes on in a new session bound to the new hash.
      const tokens = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ password_hash: passwordHash })
          .where('id', '=', account.id)
          .execute();
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
