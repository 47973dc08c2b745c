import type { Db } from '../db/database';
import { claimUnit } from '../data/jobRuns';
import { newInvoiceRecipients } from '../data/invoiceNotices';
import { COMPANY } from '../documents/company';
import { euros, listDate } from '../documents/format';
import { enqueueMail } from '../mail/queue';

/** One unit per invoice and account: the same notice is never queued twice. */
const NEW_INVOICE_JOB = 'mail:nueva-factura';

export const NEW_INVOICE_SUBJECT = 'Nueva factura';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The billing run's step after its invoices (jobs/billing.ts): queues one plain "Nueva factura" e-mail per new
 * invoice and validated customer account of its holder, through the mail queue (so the outbox shows it), in
 * the transaction that records the unit, so a repeated run queues nothing. No NIF, token or password in it.
 * Answers the e-mails queued now.
 */
export async function notifyNewInvoices(db: Db, invoiceIds: readonly number[], now: Date): Promise<number> {
  let queued = 0;
  for (const notice of await newInvoiceRecipients(db, invoiceIds)) {
    const unit = `${notice.invoiceId}:${notice.accountId}`;
    const paragraphs = [
      'Hola:',
      `Ya tiene disponible una nueva factura de ${notice.line.toLowerCase()} del contrato ${notice.contractCode}` +
        (notice.reading_from && notice.reading_until
          ? `, del ${listDate(notice.reading_from)} al ${listDate(notice.reading_until)}`
          : '') +
        `, por ${euros(notice.amount)}.`,
      'Puede consultarla y descargarla en la Oficina Virtual.',
      `Atentamente,\n${COMPANY.name}`,
    ];
    const mail = {
      to: notice.email,
      subject: NEW_INVOICE_SUBJECT,
      text: `${paragraphs.join('\n\n')}\n`,
      html: `<!doctype html><html lang="es"><body>\n${paragraphs
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('\n')}\n</body></html>\n`,
    };
    queued += await db.transaction().execute(async (trx) => {
      if (!(await claimUnit(trx, NEW_INVOICE_JOB, unit, now))) return 0;
      await enqueueMail(trx, mail, now);
      return 1;
    });
  }
  return queued;
}
