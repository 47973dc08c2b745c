import { COMPANY } from '../documents/company';
import type { OutgoingMail } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SIGNATURE = [
  `Atentamente,\n${COMPANY.name}`,
  `Atención al Cliente: ${COMPANY.phone} · ${COMPANY.email}`,
];
/** A sentence ending in a name that may end in its own full stop ("S.L."): one full stop, not two. */
export const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

const NOT_YOU = 'Si no ha sido usted, ignore este mensaje: su cuenta no cambiará.';

/** A paragraph: text (a bare URL becomes a link), or a link with its own words. */
export type Paragraph = string | { label: string; href: string };

/** How a message is framed: the sender's name (and logo, HTML only), its closing lines and extra headers. */
export interface MailFrame {
  company?: { name: string; logoUrl?: string };
  closing?: Paragraph[];
  headers?: Record<string, string>;
}

/**
 * Mail programs ignore stylesheets and strip <style>: the HTML part is a centred table with inline styles, in the
 * portal's colours (src/app/styles), readable at 360 px as at 1280.
 */
const MAIL_STYLE = {
  page: 'margin:0;padding:0;background:#f5f7fb;',
  card:
    'max-width:600px;background:#ffffff;border-top:4px solid #f28c28;font-family:Arial,Helvetica,sans-serif;' +
    'font-size:16px;line-height:1.5;color:#1f2937;',
  band: 'background:#0b3d91;padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold;',
  body: 'padding:24px 24px 8px;',
  closing: 'padding:16px 24px 24px;background:#f5f7fb;color:#4b5563;font-size:14px;',
  paragraph: 'margin:0 0 16px;',
  link: 'color:#0b3d91;text-decoration:underline;word-break:break-all;',
  button:
    'display:inline-block;background:#0b3d91;color:#ffffff;padding:10px 20px;border-radius:4px;' +
    'text-decoration:none;font-weight:bold;',
} as const;

/** A link with its own words is the message's button in the body, and a plain link among the closing lines. */
const paragraphHtml = (paragraph: Paragraph, labelledLink: string = MAIL_STYLE.button) => {
  const p = (content: string) => `<p style="${MAIL_STYLE.paragraph}">${content}</p>`;
  if (typeof paragraph !== 'string') {
    return p(
      `<a href="${escapeHtml(paragraph.href)}" style="${labelledLink}">${escapeHtml(paragraph.label)}</a>`,
    );
  }
  return /^https?:\/\/\S+$/.test(paragraph)
    ? p(`<a href="${escapeHtml(paragraph)}" style="${MAIL_STYLE.link}">${escapeHtml(paragraph)}</a>`)
    : p(escapeHtml(paragraph).replace(/\n/g, '<br>'));
};

/** The framed page: the company's band (its logo, or its name), the message, and the closing lines below it. */
function mailHtml(subject: string, paragraphs: Paragraph[], frame: MailFrame): string {
  const name = frame.company?.name ?? COMPANY.name;
  const band = frame.company?.logoUrl
    ? `<img src="${escapeHtml(frame.company.logoUrl)}" alt="${escapeHtml(name)}" height="40" style="display:block;border:0;">`
    : escapeHtml(name);
  const closing = frame.closing?.length
    ? `<tr><td style="${MAIL_STYLE.closing}">${frame.closing.map((line) => paragraphHtml(line, MAIL_STYLE.link)).join('\n')}</td></tr>\n`
    : '';
  return (
    `<!doctype html>\n<html lang="es"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="${MAIL_STYLE.page}">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${MAIL_STYLE.page}">` +
    `<tr><td align="center" style="padding:24px 12px;">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${MAIL_STYLE.card}">\n` +
    `<tr><td style="${MAIL_STYLE.band}">${band}</td></tr>\n` +
    `<tr><td style="${MAIL_STYLE.body}">\n${paragraphs.map((line) => paragraphHtml(line)).join('\n')}\n</td></tr>\n` +
    closing +
    `</table>\n</td></tr></table>\n</body></html>\n`
  );
}

const paragraphText = (paragraph: Paragraph) =>
  typeof paragraph === 'string' ? paragraph : `${paragraph.label}:\n${paragraph.href}`;

/** One message in plain text and in HTML from the same paragraphs; the HTML opens with the company's band. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: Paragraph[],
  frame: MailFrame,
): OutgoingMail {
  const all = [...paragraphs, ...(frame.closing ?? [])];
  return {
    to,
    subject,
    text: `${all.map(paragraphText).join('\n\n')}\n`,
    html: mailHtml(subject, paragraphs, frame),
    ...(frame.headers ? { headers: frame.headers } : {}),
  };
}

/** The account e-mails: the demo company's signature after a line for whoever did not ask for the message. */
const compose = (to: string, subject: string, paragraphs: string[]) =>
  composeMail(to, subject, paragraphs, { closing: [NOT_YOU, ...SIGNATURE] });

/** Administrators sign in with their e-mail (spec 01 §2); customers with their user name. */
export function validationMail(
  to: string,
  name: string,
  link: string,
  hours: number,
  signsInWithEmail = false,
): OutgoingMail {
  return compose(to, `Active su cuenta de la Oficina Virtual de ${COMPANY.name}`, [
    `Hola, ${name}:`,
    `${endSentence(`Gracias por registrarse en la Oficina Virtual de ${COMPANY.name}`)} Para activar su cuenta, abra este enlace en las próximas ${hours} horas:`,
    link,
    `Después podrá acceder con su ${signsInWithEmail ? 'correo electrónico' : 'nombre de usuario'} y su contraseña.`,
  ]);
}

export function verifyEmailMail(to: string, name: string, link: string, hours: number): OutgoingMail {
  return compose(to, 'Verifique su correo electrónico en la Oficina Virtual', [
    `Hola, ${name}:`,
    `${endSentence(`Nos ha pedido un nuevo enlace para validar su cuenta de la Oficina Virtual de ${COMPANY.name}`)} Para verificar su correo electrónico y activar la cuenta, abra este enlace en las próximas ${hours} horas:`,
    link,
  ]);
}

export function passwordResetMail(
  to: string,
  name: string,
  username: string,
  link: string,
  hours: number,
): OutgoingMail {
  return compose(to, 'Cambie su contraseña de la Oficina Virtual', [
    `Hola, ${name}:`,
    `Hemos recibido una solicitud para cambiar la contraseña del usuario ${username}. Para elegir una nueva, abra este enlace en ${hours === 1 ? 'la próxima hora' : `las próximas ${hours} horas`}:`,
    link,
    'El enlace solo puede usarse una vez.',
  ]);
}

export function usernameRecoveryMail(
  to: string,
  name: string,
  username: string,
  setPasswordLink: string,
  hours: number,
): OutgoingMail {
  return compose(to, 'Su nombre de usuario de la Oficina Virtual', [
    `Hola, ${name}:`,
    `Su nombre de usuario de la Oficina Virtual de ${COMPANY.name} es: ${username}`,
    `Si tampoco recuerda su contraseña, puede establecer una nueva con este enlace, válido durante ${hours === 1 ? 'una hora' : `${hours} horas`}:`,
    setPasswordLink,
  ]);
}
