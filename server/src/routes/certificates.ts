import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { serverToday } from '../clock';
import { monthlyTotals } from '../documents/certificateFacts';
import { offLoop } from '../documents/documentThreads';
import { sendPdfBytes } from '../documents/download';
import type { RoutePlugin } from './context';
import { measurementErrorBody, noContent } from '../contract/common';
import { oneOf } from './schemas';
import { holderDisplayName } from '../data/display';
import { measuredHours } from '../data/measurements';
import { orNotFound } from '../http/errors';
import { checkRange, measurementQuery } from './measurementQueries';
import { clientGoneSignal, heavyCall, heavyReads } from './heavyCalls';

const certificateSchema = {
  querystring: Type.Object({
    line: Type.Optional(oneOf(['electricidad', 'gas'])),
    ...measurementQuery,
  }),
  // 200 is the PDF; 204 when the range holds no measurements.
  response: { 204: noContent, '4xx': measurementErrorBody },
};

/**
 * Certificado de consumos (spec 02 §2.8): a PDF with the energy measured per month in the range. A range
 * without measurements (outside the contract's life, a gas contract) answers 204 with no body: the SPA
 * counts anything under 150 bytes as "no certificate".
 */
export const certificateRoutes: RoutePlugin = async (app, { db, config }) => {
  app.get(
    '/ov/contracts/api/consumptionsCertified',
    { schema: certificateSchema, ...heavyCall(db, config) },
    async (request, reply) => {
      const { query } = request;
      const range = checkRange(query.startDate, query.endDate);
      const { contract, hours } = orNotFound(
        await measuredHours(
          heavyReads(db),
          signedInAccount(request),
          query,
          range,
          clientGoneSignal(request),
        ),
      );
      const months = monthlyTotals(hours);
      if (!months.length) return reply.status(204).send();
      const address = [
        `${contract.street} ${contract.number}`,
        contract.extension,
        `${contract.postal_code} ${contract.city} (${contract.province})`,
      ]
        .filter(Boolean)
        .join(', ');
      const data = {
        holderName: holderDisplayName(contract),
        holderNif: contract.holder_nif,
        cups: contract.cups,
        contractCode: contract.code,
        tariff: contract.tariff,
        supplyAddress: address,
        from: range.from,
        to: range.to,
        months,
        issuedOn: serverToday(),
      };
      const body = await offLoop('certificatePdf', { data, secret: config.jwtSecret });
      return sendPdfBytes(reply, body, `Certificado-${contract.code}.pdf`);
    },
  );
};
