import { passwordProblem } from '../../auth/passwordRule';
import { refuseGuessablePassword } from '../../auth/commonPasswords';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/database';
import {
  administratorContracts,
  findAdministratorByNif,
  findHolderByNif,
  holderContracts,
  insertAccount,
  removeSignup,
  validateWithToken,
} from '../../data/accounts';
import { findLiveToken, TOKEN_LIFETIME_HOURS } from '../../data/accountTokens';
import { ApiError, badInputAs, errorBody } from '../../http/errors';
import { validationMail, verifyEmailMail } from '../../mail/messages';
import type { RoutePlugin } from '../context';
import { accountFlow, digitsOf, fullName, queueTokenMail, sameText } from './accountFlow';
import {
  ALREADY_ACTIVE,
  DOCUMENT_MISMATCH,
  FORBIDDEN_NAME,
  FORBIDDEN_PASSWORD,
  MAIL_SENT,
  MISSING_FIELDS,
  NO_CONTRACT,
  SIGNUP_CODES,
  SIGNUP_CREATED,
  SIGNUP_RESENT,
  TOKEN_INVALID,
  USER_NOT_FOUND,
  USERNAME_TAKEN,
  WRONG_REALM,
} from './accountMessages';
import {
  ALLOWED_NAME_CHARACTERS,
  DOCUMENT_RULE,
  EMAIL_RULE,
  resendSchema,
  type SignupBody,
  signupSchema,
  tokenHeaderSchema,
  USERNAME_RULE,
  userCupsSchema,
  validationLinkSchema,
} from './accountSchemas';

const DOCUMENT_TYPES = ['nif', 'cif', 'nie'];
const SIGNUP_ROLE = 'access';
const NAME_MAX = 50;

/** Spec 01 §5: a double quote counts twice towards the name limits. */
const quotedLength = (text: string) => text.length + (text.match(/"/g)?.length ?? 0);
/** A telephone of 0 is how the SPA sends "none" (administrators, spec 01 §2). */
const givenPhone = (telefono: string | undefined) => {
  const digits = digitsOf(telefono);
  return digits && !/^0+$/.test(digits) ? digits : null;
};

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

/** Sign-up and the validation of the new account's e-mail (spec 01 §§3, 5, 7). */
export const signupRoutes: RoutePlugin = async (app, context) => {
  const { realm, db, config } = context;
  const { isFincas, adminFlagFits, spaLink, guestLimit, findAccount, mailTokenLink, send } =
    accountFlow(context);

  /** The owner a sign-up claims: a holder with contracts (customers) or a registered administrator. */
  async function signupOwner(nif: string, email: string, telefono: string | null) {
    if (isFincas) {
      const administrator = await findAdministratorByNif(db, nif);
      if (!administrator) throw new ApiError(403, 403, NO_CONTRACT);
      if (!sameText(administrator.email, email)) throw new ApiError(461, 461, DOCUMENT_MISMATCH);
      const contracts = await administratorContracts(db, administrator.id);
      return { holderId: null, administratorId: administrator.id, phone: null, contracts };
    }
    const holder = await findHolderByNif(db, nif);
    const contracts = holder ? await holderContracts(db, holder.id) : [];
    if (!holder || contracts.length === 0) throw new ApiError(403, 403, NO_CONTRACT);
    // The e-mail must be the holder's own, so the validation link reaches the holder; a telephone, when given,
    // must be the registered one.
    if (!sameText(holder.email, email) || (telefono !== null && telefono !== digitsOf(holder.phone))) {
      throw new ApiError(461, 461, DOCUMENT_MISMATCH);
    }
    return { holderId: holder.id, administratorId: null, phone: digitsOf(holder.phone) || null, contracts };
  }

  app.get('/ov/user/api/userCups', { schema: userCupsSchema, config: guestLimit }, async (request) => {
    const { nif, email, telefono, isAdministradorFinca } = request.query;
    if (!adminFlagFits(isAdministradorFinca)) throw new ApiError(404, 404, WRONG_REALM);
    const owner = await signupOwner(nif.trim().toUpperCase(), email, isFincas ? null : givenPhone(telefono));
    return {
      cupsAsociados: { select: owner.contracts.map(({ line, cups }) => ({ line, cups })) },
      cupsElectricidad: owner.contracts.filter((c) => c.line === 'Electricidad').length,
      cupsGas: owner.contracts.filter((c) => c.line === 'Gas').length,
    };
  });

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/ov/user/api/add',
    schema: { response: { '4xx': errorBody } },
    handler: async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new ApiError(405, 405, 'Método no permitido');
    },
  });

  app.post(
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
      refuseGuessablePassword(body.password, { username, email });
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
      const newAccount = (trx: Db, password_hash: string) =>
        insertAccount(trx, {
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
        });
      // The account, its validation token and the e-mail are written together: a process that stops before
      // the e-mail leaves leaves it queued (mail/queue.ts), never an account that cannot be validated.
      const { accountId, queued } = await db
        .transaction()
        .execute(async (trx) => {
          const accountId = pending ? pending.id : await newAccount(trx, passwordHash!);
          const queued = await queueTokenMail(trx, accountId, 'validation', (token) =>
            validationMail(
              email,
              fullName(pending ?? { given_name: firstName, last_name: lastName }),
              spaLink('/user-validation-request', { token }),
              TOKEN_LIFETIME_HOURS.validation,
              owner.administratorId !== null,
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

      try {
        await send(queued);
      } catch (error) {
        // The user is told the e-mail did not leave: undo the new account and its message so that they can
        // sign up again at once, instead of a link arriving later for an attempt they were told had failed.
        if (!pending) await removeSignup(db, accountId, queued);
        throw error;
      }
      return pending
        ? reply.status(207).send({ code: 207, message: SIGNUP_RESENT })
        : reply.status(201).send({ code: 201, message: SIGNUP_CREATED });
    },
  );

  app.get(
    '/ov/users/validation',
    {
      schema: validationLinkSchema,
      config: guestLimit,
      errorHandler: (_error, _request, reply) => {
        void reply.redirect(`${config.publicUrl}/user-validation-error`);
      },
    },
    async (request, reply) => {
      const live = await findLiveToken(db, request.query.token, realm, ['validation']);
      const account = live ? await validateWithToken(db, live) : null;
      if (!account) return reply.redirect(`${config.publicUrl}/user-validation-error`);
      const user = encodeURIComponent(Buffer.from(fullName(account), 'utf8').toString('base64'));
      return reply.redirect(`${config.publicUrl}/user-validation?user=${user}`);
    },
  );

  app.post(
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
      await mailTokenLink(
        account.id,
        'verify-email',
        { route: '/user-verify-email', param: 'token' },
        (link, hours) => verifyEmailMail(account.email, fullName(account), link, hours),
      );
      return reply.status(202).send({ code: 202, message: MAIL_SENT });
    },
  );

  app.get(
    '/ov/user/api/verifyUserEmail/',
    { schema: tokenHeaderSchema, config: guestLimit },
    async (request, reply) => {
      const live = await findLiveToken(db, request.headers.token, realm, ['verify-email']);
      const verified = live && (await validateWithToken(db, live));
      if (!verified) throw new ApiError(400, SIGNUP_CODES.tokenInvalid, TOKEN_INVALID);
      return reply.status(204).send();
    },
  );
};
