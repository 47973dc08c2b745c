import type { InvoiceKind, Line } from '../db/schema';
import type { UnifiedParts } from './unifiedParts';

/**
 * How rows read on screen and on paper: the API answers (routes/) and the PDF and spreadsheet files
 * (documents/) show the same invoice number, street and holder name.
 */

/** The number as shown (spec 02 §2.5): series ENERGIA shows the bare number, any other series prefixes it. */
export function displayNumber(invoice: { serie: string; bill_number: string }): string {
  return invoice.serie === 'ENERGIA' ? invoice.bill_number : `${invoice.serie}${invoice.bill_number}`;
}

export function pdfPath(invoice: { id: number; line: Line }): string {
  return `/ov/invoices/api/pdf/${invoice.id}?line=${invoice.line}`;
}

export function streetOf(invoice: { street: string; number: string; extension: string | null }): string {
  return `${invoice.street} ${invoice.number}${invoice.extension ? `, ${invoice.extension}` : ''}`;
}

/** The supply a list row or sheet row names (see supplyOfRow). */
export interface RowSupply {
  cups: string;
  /** Distributor contract number. */
  contract: string;
  /** Contract code (codAbonado). */
  contractCode: string;
  street: string;
  readingFrom: string | null;
  readingUntil: string | null;
  tariff: string;
  /** How many supplies the invoice covers: 1, or a unified invoice's proformas. */
  supplies: number;
}

/**
 * A simple invoice or proforma names its own supply. A unified invoice covers several, so it names none: no
 * CUPS, contract or street (empty texts, so every field keeps its type), the reading dates and tariff only
 * when all its parts share them, and how many supplies it covers. Each supply's detail is in its proforma.
 */
export function supplyOfRow(
  invoice: {
    kind: InvoiceKind;
    cups: string;
    sicom_code: string;
    contract_code: string;
    street: string;
    number: string;
    extension: string | null;
    reading_from: string | null;
    reading_until: string | null;
    tariff: string;
    has_proformas: number;
  },
  parts: UnifiedParts | undefined,
): RowSupply {
  if (invoice.kind === 'U') {
    return {
      cups: '',
      contract: '',
      contractCode: '',
      street: '',
      readingFrom: parts?.readingFrom ?? null,
      readingUntil: parts?.readingUntil ?? null,
      tariff: parts?.tariff ?? '',
      supplies: parts?.supplies ?? invoice.has_proformas,
    };
  }
  return {
    cups: invoice.cups,
    contract: invoice.sicom_code,
    contractCode: invoice.contract_code,
    street: streetOf(invoice),
    readingFrom: invoice.reading_from,
    readingUntil: invoice.reading_until,
    tariff: invoice.tariff,
    supplies: 1,
  };
}

/** The holder's display name: company name, or name and both surnames. */
export function holderDisplayName(contract: {
  holder_name: string;
  holder_first_surname: string | null;
  holder_second_surname: string | null;
}): string {
  return [contract.holder_name, contract.holder_first_surname, contract.holder_second_surname]
    .filter(Boolean)
    .join(' ');
}

/** The state as the home page shows it: Contrato reads Alta (spec 01 §4). */
export function displayState(state: string): string {
  return state === 'Contrato' ? 'Alta' : state;
}
