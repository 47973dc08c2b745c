import type { Line } from '../db/schema';

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
