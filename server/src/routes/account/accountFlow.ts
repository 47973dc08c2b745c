import type { FastifyRequest } from 'fastify';

import { shareOf } from '../../config';
import type { Db } from '../../db/database';
import type { Account, AccountTokenPurpose } from '../../db/schema';
import { findAccountBy } from '../../data/accounts';
import { issueAccountToken, TOKEN_LIFETIME_HOURS } from '../../data/accountTokens';
import { ApiError } from '../../http/errors';
import { MailError, type OutgoingMail } from '../../mail/mailer';
import { enqueueMail } from '../../mail/queue';
import type { RouteContext } from '../context';
import { MAIL_FAILED, TOO_MANY_REQUESTS } from './accountMessages';

export const digitsOf = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');
export const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
export const fullName = (account: Pick<Account, 'given_name' | 'last_name'>) =>
  [account.given_name, account.last_name].filter(Boolean).join(' ').trim();

/**
 * Writes a one-time token and the e-mail that carries its link in one transaction (the caller's, when it
 * writes more), so no token is left without its message; returns the queued message.
 */
export const queueTokenMail = async (
  trx: Db,
  accountId: number,
  purpose: AccountTokenPurpose,
  mailFor: (token: string) => OutgoingMail,
) => enqueueMail(trx, mailFor(await issueAccountToken(trx, accountId, purpose)));

/** What the account flows of one realm share: its links, its rate limit, its mail and its account look-up. */
export function accountFlow({ realm, db, config, mailQueue }: RouteContext) {
  const isFincas = realm === 'fincas';
  // E-mail links point at the SPA on the configured public URL, never at the Host header of the request.
  const spaLink = (route: string, params: Record<string, string>) => {
    const query = new URLSearchParams(params);
    if (isFincas) query.set('isAdministradorFinca', 'true');
    return `${config.publicUrl}${route}?${query.toString()}`;
  };
  /** Sends a queued message now; if that fails it stays queued for the retries and the call answers like a gateway. */
  const send = async (queued: number): Promise<void> => {
    try {
      await mailQueue.deliver(queued);
    } catch (error) {
      if (error instanceof MailError) throw MAIL_FAILED[error.failure];
      throw error;
    }
  };
  return {
    isFincas,
    adminFlagFits: (flag: boolean | undefined) => (flag ?? false) === isFincas,
    spaLink,
    send,
    guestLimit: {
      rateLimit: {
        max: shareOf(config.accountRateLimit.max, config.processes),
        timeWindow: config.accountRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) => `${realm}|${request.ip}|${request.routeOptions.url}`,
        errorResponseBuilder: () => new ApiError(429, 429, TOO_MANY_REQUESTS),
      },
    },
    findAccount: (column: 'username' | 'email', value: string) =>
      findAccountBy(db, realm, column, value.trim().toLowerCase()),
    /**
     * Queues (in its own transaction) and sends the e-mail carrying a fresh one-time token of this purpose as
     * a link to an SPA page, the token in the query parameter `param`.
     */
    mailTokenLink: async (
      accountId: number,
      purpose: AccountTokenPurpose,
      { route, param }: { route: string; param: string },
      mailFor: (link: string, lifetimeHours: number) => OutgoingMail,
    ): Promise<void> => {
      const queued = await db
        .transaction()
        .execute((trx) =>
          queueTokenMail(trx, accountId, purpose, (token) =>
            mailFor(spaLink(route, { [param]: token }), TOKEN_LIFETIME_HOURS[purpose]),
          ),
        );
      await send(queued);
    },
  };
}
