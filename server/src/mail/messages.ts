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

/** One message in plain text and in HTML from the same paragraphs; a paragraph that is a URL becomes a link. */
function compose(to: string, subject: string, paragraphs: string[]): OutgoingMail {
  const all = [...paragraphs, NOT_YOU, ...SIGNATURE];
  const html = all
    .map((paragraph) =>
      /^https?:\/\/\S+$/.test(paragraph)
        ? `<p><a href="${escapeHtml(paragraph)}">${escapeHtml(paragraph)}</a></p>`
        : `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: `${all.join('\n\n')}\n`,
    html: `<!doctype html><html lang="es"><body>\n${html}\n</body></html>\n`,
  };
}

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
