import type { FastifyPluginAsync } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import { madridToday } from '../measurements/loadProfile';
import { buildCertificatePdf, monthlyTotals } from '../documents/certificatePdf';
import { sendPdf } from '../documents/pdf';
import type { RouteContext } from './context';
import { holderDisplayName } from '../data/display';
import { measuredHours } from '../data/measurements';
import { checkRange, sendMeasurementError } from './telemetry';

interface CertificateQuery {
  line: 'electricidad' | 'gas';
  contractCode: string;
  startDate: string;
  endDate: string;
}

const DASH_DATE = '^[0-9]{2}-[0-9]{2}-[0-9]{4}$';

const certificateSchema = {
  querystring: {
    type: 'object',
    required: ['contractCode', 'startDate', 'endDate'],
    properties: {
      line: { type: 'string', enum: ['electricidad', 'gas'] },
      contractCode: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z-]+$' },
      startDate: { type: 'string', pattern: DASH_DATE },
      endDate: { type: 'string', pattern: DASH_DATE },
    },
  },
} as const;

/**
 * Certificado de consumos (spec 02 §2.8): a PDF with the energy measured per month in the range. A range
 * without measurements (outside the contract's life, a gas contract) answers 204 with no body: the SPA
 * counts anything under 150 bytes as "no certificate".
 */
export const certificateRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, requireAuth }) => {
  app.get<{ Querystring: CertificateQuery }>(
    '/ov/contracts/api/consumptionsCertified',
    { schema: certificateSchema, preHandler: requireAuth, errorHandler: sendMeasurementError },
    async (request, reply) => {
      const { query } = request;
      const range = checkRange(query.startDate, query.endDate);
      const { contract, hours } = await measuredHours(db, signedInAccount(request), query, range);
      const months = monthlyTotals(hours);
      if (!months.length) return reply.status(204).send();
      const address = [
        `${contract.street} ${contract.number}`,
        contract.extension,
        `${contract.postal_code} ${contract.city} (${contract.province})`,
      ]
        .filter(Boolean)
        .join(', ');
      const doc = buildCertificatePdf({
        holderName: holderDisplayName(contract),
        holderNif: contract.holder_nif,
        cups: contract.cups,
        contractCode: contract.code,
        tariff: contract.tariff,
        supplyAddress: address,
        from: range.from,
        to: range.to,
        months,
        issuedOn: madridToday(),
      });
      return sendPdf(reply, doc, `Certificado-${contract.code}.pdf`);
    },
  );
};
