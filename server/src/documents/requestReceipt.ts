import { madridClock, madridDateAt } from '../measurements/madridTime';
import { listDate } from './format';

/** What a request's receipt (justificante) states, in its e-mail and its PDF alike. */
export interface ReceiptFacts {
  trackingCode: string;
  /** The instant of receipt, ISO. */
  receivedAt: string;
  subject: string;
  category: string;
  subcategory: string;
  line: string;
  cups: string;
  contractCode: string;
  /** The last day to answer, 'YYYY-MM-DD'. */
  deadline: string;
}

/** A stored request's receipt facts; null while it has no code yet (an older request before the start-up). */
export function receiptFactsOf(issue: {
  tracking_code: string | null;
  received_at: string | null;
  deadline: string | null;
  subject: string;
  category: string;
  subcategory: string;
  line: string;
  cups: string;
  contract_code: string;
}): ReceiptFacts | null {
  if (!issue.tracking_code || !issue.received_at || !issue.deadline) return null;
  return {
    trackingCode: issue.tracking_code,
    receivedAt: issue.received_at,
    subject: issue.subject,
    category: issue.category,
    subcategory: issue.subcategory,
    line: issue.line,
    cups: issue.cups,
    contractCode: issue.contract_code,
    deadline: issue.deadline,
  };
}

export const RECEIPT_TITLE = 'Justificante de su solicitud';

export const RECEIPT_NOTE =
  'Conserve este justificante. Con el código de seguimiento puede consultar el estado de su solicitud en la ' +
  'Oficina Virtual. Le responderemos, como máximo, en el plazo indicado (Ley 10/2025, de servicios de ' +
  'atención a la clientela).';

/** Date and time of receipt in Europe/Madrid: '28/11/2026, 10:15 (hora peninsular)'. */
export function receiptTime(iso: string): string {
  const ms = Date.parse(iso);
  return `${listDate(madridDateAt(ms))}, ${madridClock(ms)} (hora peninsular)`;
}

/** The receipt's label and value rows. */
export function receiptFields(facts: ReceiptFacts): [label: string, value: string][] {
  return [
    ['Código de seguimiento', facts.trackingCode],
    ['Fecha y hora de recepción', receiptTime(facts.receivedAt)],
    ['Asunto', facts.subject],
    ['Categoría', `${facts.category} · ${facts.subcategory}`],
    ['Suministro', `${facts.line} · CUPS ${facts.cups} · Contrato ${facts.contractCode}`],
    ['Plazo máximo de respuesta', listDate(facts.deadline)],
  ];
}
