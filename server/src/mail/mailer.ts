import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Transporter } from 'nodemailer';

import type { ServerConfig } from '../config';
import { headersOf, linksIn, outboxDir, type OutboxMessage } from './outbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…), by name. */
  headers?: Record<string, string>;
}

/**
 * Why a message could not be handed over. The mail server is the account calls' upstream, so its failures
 * answer like a gateway's: unreachable 503, refused or broken 502, too slow 504.
 */
export type MailFailure = 'unavailable' | 'rejected' | 'timeout';

export class MailError extends Error {
  constructor(
    readonly failure: MailFailure,
    options?: { cause: unknown },
  ) {
    super(`No se ha podido enviar el correo (${failure})`, options);
    this.name = 'MailError';
  }
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

const UNREACHABLE = new Set(['ESOCKET', 'ECONNECTION', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ENOTFOUND']);

export function classifyMailError(error: unknown): MailFailure {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code && UNREACHABLE.has(code)) return 'unavailable';
  return 'rejected';
}

/**
 * The transport, made when the first message is sent: nodemailer (about 2 MB of heap) is loaded then, not at
 * start, as most processes send no mail (issue 30).
 */
function onFirstMessage<Sent>(make: (nodemailer: typeof import('nodemailer')) => Transporter<Sent>) {
  let transport: Promise<Transporter<Sent>> | undefined;
  return () => (transport ??= import('nodemailer').then(make));
}

/** Every message is also a file pair in the outbox: the .eml as sent and a JSON for /dev/outbox and tests. */
function fileOutbox(config: ServerConfig): Mailer {
  const transport = onFirstMessage((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const dir = outboxDir(config.dataDir);
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...mail });
      const eml = info.message as Buffer;
      const createdAt = new Date();
      // Sortable by name: time first, then randomness so two messages in one millisecond never clash.
      const id = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const stored: OutboxMessage = {
        id,
        createdAt: createdAt.toISOString(),
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: linksIn(mail.text),
        headers: headersOf(eml.toString('utf8')),
      };
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${id}.eml`), eml);
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
    },
  };
}

/** nodemailer drops every other option when given a `url`, so the URL is taken apart here. */
function smtpOptions(smtpUrl: string, timeoutMs: number) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

function smtp(config: ServerConfig & { smtpUrl: string }): Mailer {
  const transport = onFirstMessage((nodemailer) =>
    nodemailer.createTransport(smtpOptions(config.smtpUrl, config.smtpTimeoutMs)),
  );
  return {
    async send(mail) {
      await (await transport()).sendMail({ from: config.mailFrom, ...mail });
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the file outbox in DATA_DIR/outbox. Failures become MailError. */
export function createMailer(config: ServerConfig): Mailer {
  const inner = config.smtpUrl ? smtp({ ...config, smtpUrl: config.smtpUrl }) : fileOutbox(config);
  return {
    async send(mail) {
      try {
        await inner.send(mail);
      } catch (error) {
        throw new MailError(classifyMailError(error), { cause: error });
      }
    },
  };
}
