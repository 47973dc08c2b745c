import { findLiveToken } from '../../data/accountTokens';
import { ApiError } from '../../http/errors';
import { passwordResetMail, usernameRecoveryMail } from '../../mail/messages';
import type { RoutePlugin } from '../context';
import { accountFlow, digitsOf, fullName, sameText } from './accountFlow';
import {
  FORBIDDEN_NAME,
  MAIL_SENT,
  RESET_CODES,
  RESET_EMAIL_MISMATCH,
  RESET_NOT_VALIDATED,
  RESET_PHONE_MISMATCH,
  RESET_USERNAME_UNKNOWN,
  TOKEN_INVALID_MESSAGE,
  TOKEN_VALID_MESSAGE,
} from './accountMessages';
import { EMAIL_RULE, recoverySchema, resendSchema, tokenHeaderSchema, USERNAME_RULE } from './accountSchemas';

/** A forgotten password or user name: the e-mails with their one-time links, and the check of a link. */
export const recoveryRoutes: RoutePlugin = async (app, context) => {
  const { realm, db } = context;
  const { isFincas, adminFlagFits, guestLimit, findAccount, mailTokenLink } = accountFlow(context);

  app.post(
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
      await mailTokenLink(
        account.id,
        'reset',
        { route: '/user-change-password', param: 'token' },
        (link, hours) => passwordResetMail(account.email, fullName(account), account.username, link, hours),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/ov/user/api/recovery/username',
    { schema: recoverySchema, config: guestLimit },
    async (request, reply) => {
      const account = adminFlagFits(request.query.isAdministradorFinca)
        ? await findAccount('email', request.body.email)
        : undefined;
      if (!account) return reply.status(204).send();
      await mailTokenLink(
        account.id,
        'set-password',
        { route: '/password-change', param: 'confirmation' },
        (link, hours) =>
          usernameRecoveryMail(account.email, fullName(account), account.username, link, hours),
      );
      return reply.status(200).send({ code: 200, message: MAIL_SENT });
    },
  );

  app.get(
    '/ov/user/api/validateEmailToken/',
    { schema: tokenHeaderSchema, config: guestLimit },
    async (request) => {
      const live = await findLiveToken(db, request.headers.token, realm, ['reset', 'verify-email']);
      return { mensaje: live ? TOKEN_VALID_MESSAGE : TOKEN_INVALID_MESSAGE };
    },
  );
};
