import { signedInAccount } from '../auth/requireAuth';
import { displayNumber, pdfPath } from '../data/display';
import { homeSummary } from '../data/homeSummary';
import { newsSince, requestsChangedSince } from '../data/notifications';
import { madridToday } from '../measurements/madridTime';
import { errorBody } from '../http/errors';
import type { RoutePlugin } from './context';
import { homeSummaryAnswer } from '../contract/contracts';

const summarySchema = { response: { 200: homeSummaryAnswer, '4xx': errorBody } };

/**
 * What the customer home answers first (issue 14): the newest invoice and the energy billed in the last 12
 * complete months (electricity, or gas for a customer with gas only), in one call scoped like every invoice call (the caller's holders only).
 */
export const homeRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/home/api/summary', { schema: summarySchema }, async (request) => {
    const account = signedInAccount(request);
    const [
      {
        invoice,
        consumption: { line, months },
      },
      since,
    ] = await Promise.all([homeSummary(db, account), newsSince(db, account.id)]);
    const changed = await requestsChangedSince(db, account.id, since);
    return {
      latestInvoice: invoice
        ? {
            numero: displayNumber(invoice),
            fecha: invoice.launch_date,
            importe: invoice.amount,
            line: invoice.line,
            // A unified invoice covers several supplies, so it names none (as the lists do).
            contractCode: invoice.kind === 'U' ? '' : invoice.contract_code,
            supplies: invoice.kind === 'U' ? invoice.has_proformas : 1,
            pdf: pdfPath(invoice),
            ...(invoice.category === 'VA' ? {} : { explicacion: invoice.id }),
            // Launch dates are days: one issued on the day of the previous sign-in may have been seen then.
            nueva: invoice.launch_date > madridToday(new Date(since)),
          }
        : null,
      consumption: {
        line,
        months,
        totalKwh: months.reduce((sum, month) => sum + month.kwh, 0),
      },
      newRequests: changed.map((issue) => ({ id: issue.id, asunto: issue.subject, estado: issue.status })),
    };
  });
};
