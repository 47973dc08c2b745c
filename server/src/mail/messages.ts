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

const paragraphHtml = (paragraph: Paragraph) => {
  if (typeof paragraph !== 'string') {
    return `<p><a href="${escapeHtml(paragraph.href)}">${escapeHtml(paragraph.label)}</a></p>`;
  }
  return /^https?:\/\/\S+$/.test(paragraph)
    ? `<p><a href="${escapeHtml(paragraph)}">${escapeHtml(paragraph)}</a></p>`
    : `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`;
};

const paragraphText = (paragraph: Paragraph) =>
  typeof paragraph === 'string' ? paragraph : `${paragraph.label}:\n${paragraph.href}`;

/** One message in plain text and in HTML from the same paragraphs; the HTML opens with the company's logo. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: Paragraph[],
  frame: MailFrame,
): OutgoingMail {
  const all = [...paragraphs, ...(frame.closing ?? [])];
  const logo = frame.company?.logoUrl
    ? `<p><img src="${escapeHtml(frame.company.logoUrl)}" alt="${escapeHtml(frame.company.name)}" height="40"></p>\n`
    : '';
  return {
    to,
    subject,
    text: `${all.map(paragraphText).join('\n\n')}\n`,
    html: `<!doctype html><html lang="es"><body>\n${logo}${all.map(paragraphHtml).join('\n')}\n</body></html>\n`,
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
