import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import type { ServerConfig } from '../config';
import { notFound } from '../http/errors';
import { MAIL_VIEW_CSP } from '../http/security';
import { outboxIsOpen, readOutbox, readOutboxMessage, type OutboxMessage } from '../mail/outbox';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The message text, escaped, with every http(s) address turned into a link. */
function textWithLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

function messageHtml(message: OutboxMessage): string {
  return `<article class="mail">
<h2>${escapeHtml(message.subject)}</h2>
<dl>
<dt>Fecha</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(dateFormat.format(new Date(message.createdAt)))}</time></dd>
<dt>Para</dt><dd>${escapeHtml(message.to)}</dd>
<dt>De</dt><dd>${escapeHtml(message.from)}</dd>
</dl>
${message.html ? `<p><a href="/dev/outbox/html/${escapeHtml(message.id)}">Ver la versión HTML</a></p>\n` : ''}<details class="mail__headers">
<summary>Cabeceras</summary>
<dl>
${Object.entries(message.headers ?? {})
  .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
  .join('\n')}
</dl>
</details>
<div class="mail__text">${textWithLinks(message.text)}</div>
</article>`;
}

export function outboxPage(messages: OutboxMessage[]): string {
  const body = messages.length
    ? messages.map(messageHtml).join('\n')
    : '<p>Todavía no se ha enviado ningún correo.</p>';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Correo saliente | Oficina Virtual</title>
<link rel="stylesheet" href="/dev/outbox.css">
</head>
<body>
<main>
<h1>Correo saliente</h1>
<p class="note">Mensajes que el servidor ha escrito en su buzón de salida, del más reciente al más antiguo. Esta página solo existe fuera de producción, sin servidor SMTP, y solo responde desde este mismo equipo. <a href="/dev/outbox.json">Ver en JSON</a></p>
${body}
</main>
</body>
</html>
`;
}

const OUTBOX_CSS = `body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f5f7fb}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem}
h1{color:#0b3d91;margin:0 0 .5rem}
.note{color:#4b5563}
.mail{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
.mail h2{font-size:1.15rem;margin:0 0 .5rem;color:#0b3d91}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 .75rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.mail__headers{margin:0 0 .75rem}
.mail__headers summary{cursor:pointer;font-weight:600}
.mail__headers dl{margin-top:.5rem;font-size:.9rem}
.mail__text{white-space:pre-wrap;overflow-wrap:anywhere;border-top:1px solid #e5e7eb;padding-top:.75rem}
a{color:#0b3d91}
`;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopback(address: string): boolean {
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address) || address === '::1';
}

/** Any header by which a proxy tells the client it forwarded for (the standard one and the two common ones). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Only a request that reached this server directly from the loopback address: the socket's own peer, never
 * `request.ip` (which TRUST_PROXY lets a header decide), and no forwarding header at all, since a proxy on the
 * same host connects from loopback on behalf of anyone.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  return (
    isLoopback(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The guard of every /dev/ page (the outbox, the clock): 404, as if there were no such page, unless the outbox
 * is open (not production, no SMTP_URL) and the request came straight from loopback (isDirectLoopback).
 */
export const devOnly = (config: ServerConfig) => async (request: FastifyRequest) => {
  if (!outboxIsOpen(config) || !isDirectLoopback(request)) throw notFound();
};

/**
 * The file outbox as a page, every link clickable, and as JSON for tests and benchmarks; only to a request
 * that came straight from loopback (isDirectLoopback) and only while outboxIsOpen. Anything else answers 404,
 * as if there were no such page. The page is plain HTML with an external stylesheet, so the strict CSP holds.
 */
export const devOutboxRoutes: FastifyPluginAsync<{ config: ServerConfig }> = async (app, { config }) => {
  app.addHook('onRequest', devOnly(config));
  app.get('/dev/outbox', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(await readOutbox(config.dataDir))),
  );
  app.get('/dev/outbox.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await readOutbox(config.dataDir)),
  );
  // The message's HTML part as the recipient's mail program would show it.
  app.get<{ Params: { id: string } }>('/dev/outbox/html/:id', async (request, reply) => {
    const message = await readOutboxMessage(config.dataDir, request.params.id);
    if (!message?.html) throw notFound();
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAIL_VIEW_CSP)
      .type('text/html; charset=utf-8')
      .send(message.html);
  });
  app.get('/dev/outbox.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(OUTBOX_CSS),
  );
};
