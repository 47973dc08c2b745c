import type { NotificationKind } from '../data/notifications';
import type { IssueStatus } from '../db/schema';
import { dailyFlow, euros, kilowatts, listDate } from '../documents/format';

/** The Spanish texts of the customer e-mails and the unsubscribe pages, side by side for review. */

export const KIND_NAMES: Record<NotificationKind, string> = {
  nuevaFactura: 'Nueva factura',
  consumoInusual: 'Consumo inusual',
  potenciaSuperada: 'Potencia superada',
  solicitudActualizada: 'Solicitud actualizada',
};

export const GREETING = (name: string) => `Hola, ${name}:`;
export const SIGN_OFF = (company: string) => `Atentamente,\n${company}`;
export const UNSUBSCRIBE_LINK = (kind: NotificationKind) =>
  `Dejar de recibir los avisos de «${KIND_NAMES[kind]}»`;
export const PREFERENCES_NOTE = 'Elegir qué avisos recibe, en Mi cuenta («Avisos por correo»)';

const period = (from: string | null, until: string | null) =>
  from && until ? `del ${listDate(from)} al ${listDate(until)}` : null;

/** Energy per day, as every daily figure reads: '12,50 kWh/día'. */
const kwhPerDay = dailyFlow;

export interface InvoiceFacts {
  contractCode: string;
  cups: string;
  /** A unified invoice's count of supplies; 1 for one contract's invoice. */
  supplies: number;
  line: string;
  from: string | null;
  until: string | null;
  amount: number;
  chargeDate: string;
}

/** The lines that describe one invoice, in a message to its holder or in an administrator's digest. */
export function invoiceLines(invoice: InvoiceFacts): string {
  return [
    invoice.supplies > 1
      ? `Factura agrupada de ${invoice.supplies} suministros de ${invoice.line.toLowerCase()}`
      : `Contrato: ${invoice.contractCode}\nCUPS: ${invoice.cups}`,
    period(invoice.from, invoice.until) && `Periodo: ${period(invoice.from, invoice.until)}`,
    `Importe: ${euros(invoice.amount)}`,
    `Fecha de cargo: ${listDate(invoice.chargeDate)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export const NEW_INVOICE = {
  subject: (invoice: InvoiceFacts) =>
    invoice.supplies > 1 ? 'Nueva factura agrupada' : `Nueva factura del contrato ${invoice.contractCode}`,
  intro: (line: string) =>
    `Ya tiene disponible en su Oficina Virtual una nueva factura de ${line.toLowerCase()}:`,
  link: 'Ver las facturas del contrato',
  linkAll: 'Ver sus facturas',
};

export const NEW_INVOICES_DIGEST = {
  subject: (count: number) =>
    count === 1 ? 'Nueva factura de sus comunidades' : `${count} nuevas facturas de sus comunidades`,
  intro: (count: number) =>
    count === 1
      ? 'Se ha emitido una nueva factura de las comunidades que administra:'
      : `Se han emitido ${count} nuevas facturas de las comunidades que administra:`,
  community: (name: string) => name,
  link: 'Ver las facturas de sus comunidades',
};

export const UNUSUAL_CONSUMPTION = {
  subject: (contractCode: string) => `Consumo inusual en el contrato ${contractCode}`,
  body: (facts: {
    contractCode: string;
    cups: string;
    from: string;
    until: string;
    currentPerDay: number;
    previousPerDay: number;
  }) =>
    `Del ${listDate(facts.from)} al ${listDate(facts.until)} el contrato ${facts.contractCode} (CUPS ${facts.cups}) ha consumido ${kwhPerDay(facts.currentPerDay)} de media, un ${Math.round(
      (100 * (facts.currentPerDay - facts.previousPerDay)) / facts.previousPerDay,
    )} % más que en los mismos días del año anterior (${kwhPerDay(facts.previousPerDay)}).`,
  advice:
    'Si no espera este aumento, revise sus aparatos o consulte su consumo hora a hora en la Oficina Virtual.',
  link: 'Ver el consumo del contrato',
};

export const POWER_EXCEEDED = {
  subject: (contractCode: string) => `Potencia superada en el contrato ${contractCode}`,
  intro: (facts: { contractCode: string; cups: string; from: string; until: string }) =>
    `Del ${listDate(facts.from)} al ${listDate(facts.until)} la demanda del contrato ${facts.contractCode} (CUPS ${facts.cups}) ha superado la potencia contratada:`,
  hour: (facts: {
    label: string;
    date: string;
    from: string;
    to: string;
    kw: number;
    contractedKw: number;
  }) =>
    `Potencia ${facts.label}: ${kilowatts(facts.kw)} el ${listDate(facts.date)} de ${facts.from} a ${facts.to} (potencia contratada: ${kilowatts(facts.contractedKw)}).`,
  advice:
    'Si ocurre a menudo, su instalación puede desconectarse; valore repartir el uso de los aparatos o revisar la potencia contratada.',
  link: 'Ver el consumo del contrato',
};

export const REQUEST_UPDATED = {
  subject: (subject: string) => `Solicitud actualizada: ${subject}`,
  body: (facts: { id: number; subject: string; status: IssueStatus; tracking_code: string | null }) =>
    `Su solicitud ${facts.tracking_code ?? `n.º ${facts.id}`} («${facts.subject}») ha cambiado de estado. Estado actual: ${facts.status}.`,
  reply: (facts: { id: number; subject: string; tracking_code: string | null }) =>
    `Hemos respondido a su solicitud ${facts.tracking_code ?? `n.º ${facts.id}`} («${facts.subject}»). Puede leer la respuesta, y contestar si lo necesita, en la Oficina Virtual.`,
  link: 'Ver la solicitud',
};

/** The receipt (justificante) of a new request; its facts are the PDF's (documents/requestReceipt.ts). */
export const REQUEST_RECEIPT = {
  subject: (trackingCode: string) => `Justificante de su solicitud ${trackingCode}`,
  intro: 'Hemos recibido su solicitud. Estos son sus datos:',
  link: 'Ver la solicitud y descargar el justificante',
};

/** The pages of the unsubscribe link. */
export const UNSUBSCRIBE_PAGE = {
  title: 'Avisos por correo',
  confirm: (kind: NotificationKind) =>
    `¿Quiere dejar de recibir los avisos de «${KIND_NAMES[kind]}» por correo electrónico?`,
  button: 'Dejar de recibir estos avisos',
  done: (kind: NotificationKind) =>
    `Hecho: ya no recibirá avisos de «${KIND_NAMES[kind]}» por correo electrónico. Puede volver a activarlos en Mi cuenta, en «Avisos por correo».`,
  invalid:
    'El enlace para dejar de recibir avisos no es válido. Compruebe que lo ha copiado entero o cambie sus avisos en Mi cuenta, en «Avisos por correo».',
  expired:
    'El enlace para dejar de recibir avisos ha caducado. Puede cambiar sus avisos en Mi cuenta, en «Avisos por correo».',
  account: 'Ir a Mi cuenta',
};

/** "Descargar todos mis datos" prepared in the background (issue 28). */
export const DATA_ARCHIVE_READY = {
  subject: 'Sus datos están listos para descargar',
  body: (expires: string) =>
    `El archivo con todos sus datos que pidió en la Oficina Virtual está listo. El enlace caduca el ${expires}.`,
  link: 'Descargar mis datos',
};

/** Permissions for someone you trust (issue 28): to the holder when given, revoked or expired; to the grantee. */
export const PERMISSION_MAILS = {
  given: {
    subject: 'Ha dado permiso para consultar sus suministros',
    body: (facts: PermissionFacts) =>
      `Ha dado permiso a la persona con documento ${facts.document} para consultar ${facts.what} de ${facts.supplies} del ${listDate(facts.from)} al ${listDate(facts.until)}. Puede revocarlo cuando quiera en Mi cuenta, en «Permisos de acceso».`,
  },
  revoked: {
    subject: 'Ha revocado un permiso de acceso',
    body: (facts: PermissionFacts) =>
      `Ha revocado el permiso de la persona con documento ${facts.document} para consultar ${facts.supplies}. Desde ahora no puede ver sus datos.`,
  },
  expired: {
    subject: 'Un permiso de acceso ha caducado',
    body: (facts: PermissionFacts) =>
      `El permiso de la persona con documento ${facts.document} para consultar ${facts.supplies} terminó el ${listDate(facts.until)}. Puede dar uno nuevo en Mi cuenta, en «Permisos de acceso».`,
  },
  received: {
    subject: 'Le han dado permiso para consultar unos suministros',
    body: (facts: PermissionFacts & { holder: string }) =>
      `${facts.holder} le ha dado permiso para consultar ${facts.what} de ${facts.supplies} del ${listDate(facts.from)} al ${listDate(facts.until)}. Los verá en la Oficina Virtual, en Mi cuenta, «Suministros autorizados».`,
  },
  link: 'Ir a la Oficina Virtual',
};

export interface PermissionFacts {
  /** Masked ("***4567Z"). */
  document: string;
  /** "su consumo" or "su consumo y sus facturas". */
  what: string;
  /** "1 suministro", "3 suministros". */
  supplies: string;
  from: string;
  until: string;
}
