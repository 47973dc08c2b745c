import type { Db } from '../db/database';

/**
 * Who is told of each new invoice the customer receives (simple and unified ones; a proforma is part of its
 * unified invoice): every validated customer account of the invoice's holder, with what the e-mail names.
 */
export async function newInvoiceRecipients(db: Db, invoiceIds: readonly number[]) {
  if (!invoiceIds.length) return [];
  return db
    .selectFrom('invoices')
    .innerJoin('contracts', 'contracts.id', 'invoices.contract_id')
    .innerJoin('accounts', 'accounts.holder_id', 'invoices.holder_id')
    .select([
      'invoices.id as invoiceId',
      'invoices.kind',
      'invoices.line',
      'invoices.amount',
      'invoices.reading_from',
      'invoices.reading_until',
      'contracts.code as contractCode',
      'accounts.id as accountId',
      'accounts.email',
    ])
    .where('invoices.id', 'in', [...invoiceIds])
    .where('invoices.kind', '!=', 'P')
    .where('accounts.realm', '=', 'cliente')
    .where('accounts.validated', '=', 1)
    .orderBy('invoices.id')
    .orderBy('accounts.id')
    .execute();
}
