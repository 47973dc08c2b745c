import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import type { ServerConfig } from '../config';
import { notificationPreferences } from '../contract/account';
import { readPreferences, writePreferences } from '../data/notifications';
import type { Db } from '../db/database';
import { errorBody } from '../http/errors';
import { UNSUBSCRIBE_PATH } from '../notifications';
import { UNSUBSCRIBE_PAGE } from '../notifications/notificationMessages';
import { checkUnsubscribeToken } from '../notifications/unsubscribe';
import type { RoutePlugin } from './context';

const readSchema = { response: { 200: notificationPreferences, '4xx': errorBody } };
const writeSchema = {
  body: notificationPreferences,
  response: { 200: notificationPreferences, '4xx': errorBody },
};

/**
 * The account's e-mail notices (Mi cuenta, "Avisos por correo"): GET answers every kind on or off (on unless
 * switched off); PUT takes all four and answers what is stored. Any other body is a 400 and changes nothing.
 */
export const notificationRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/user/api/notifications', { schema: readSchema }, async (request) =>
    readPreferences(db, signedInAccount(request).id),
  );
  app.put('/ov/user/api/notifications', { schema: writeSchema }, async (request) => {
    const account = signedInAccount(request);
    await writePreferences(db, account.id, request.body);
    return readPreferences(db, account.id);
  });
};

// The page's look, in the portal's colours; a file of its own, as the Content-Security-Policy allows no inline style.
const UNSUBSCRIBE_CSS_PATH = '/avisos/baja.css';
const UNSUBSCRIBE_CSS = `body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f5f7fb;line-height:1.5}
header{background:#0b3d91;color:#fff;border-bottom:4px solid #f28c28}
header p{max-width:40rem;margin:0 auto;padding:1rem;font-weight:700;font-size:1.15rem}
main{max-width:40rem;margin:1.5rem auto;padding:1.25rem 1.5rem;background:#fff;border:1px solid #d8dee9;border-radius:8px}
h1{color:#0b3d91;font-size:1.6rem;margin:0 0 .75rem}
button{font:inherit;font-weight:600;color:#fff;background:#0b3d91;border:0;border-radius:6px;padding:.6rem 1.2rem;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f28c28;outline-offset:2px}
a{color:#0b3d91}
@media (max-width:40rem){main{margin:1rem .75rem;padding:1rem}}
`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(reply: FastifyReply, status: number, body: string, config: ServerConfig) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${UNSUBSCRIBE_PAGE.title} | Oficina Virtual</title>
<link rel="stylesheet" href="${UNSUBSCRIBE_CSS_PATH}">
</head>
<body>
<header><p>Oficina Virtual</p></header>
<main>
<h1>${UNSUBSCRIBE_PAGE.title}</h1>
${body}
<p><a href="${escapeHtml(`${config.publicUrl}/admin`)}">${UNSUBSCRIBE_PAGE.account}</a></p>
</main>
</body>
</html>
`);
}

/**
 * The one-click unsubscribe link of every notice (RFC 8058), outside both realms: it works without signing in
 * because its token is signed (notifications/unsubscribe.ts). GET only asks (a link checker that opens it
 * changes nothing); POST, from the page's button or from the mail program (`List-Unsubscribe=One-Click`),
 * switches the kind off. A forged, altered or expired token answers a Spanish page and changes nothing.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ config: ServerConfig; db: Db }> = async (
  app,
  { config, db },
) => {
  // Mail programs send the one-click body as a form, in either encoding; its content is not needed.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );
  const querySchema = {
    querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
  };
  const check = (token: string | undefined) =>
    checkUnsubscribeToken(config.jwtSecret, token ?? '', new Date());
  const refusal = (reason: 'invalid' | 'expired') =>
    `<p>${reason === 'expired' ? UNSUBSCRIBE_PAGE.expired : UNSUBSCRIBE_PAGE.invalid}</p>`;

  app.get(UNSUBSCRIBE_CSS_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(UNSUBSCRIBE_CSS),
  );
  app.get<{ Querystring: { token?: string } }>(
    UNSUBSCRIBE_PATH,
    { schema: querySchema },
    async (request, reply) => {
      const token = request.query.token;
      const checked = check(token);
      if (!checked.ok) return page(reply, 400, refusal(checked.reason), config);
      return page(
        reply,
        200,
        `<p>${UNSUBSCRIBE_PAGE.confirm(checked.kind)}</p>
<form method="post" action="?token=${encodeURIComponent(token!)}">
<button type="submit">${UNSUBSCRIBE_PAGE.button}</button>
</form>`,
        config,
      );
    },
  );
  app.post<{ Querystring: { token?: string } }>(
    UNSUBSCRIBE_PATH,
    { schema: querySchema },
    async (request, reply) => {
      const checked = check(request.query.token);
      if (!checked.ok) return page(reply, 400, refusal(checked.reason), config);
      await writePreferences(db, checked.accountId, { [checked.kind]: false });
      return page(reply, 200, `<p>${UNSUBSCRIBE_PAGE.done(checked.kind)}</p>`, config);
    },
  );
};
