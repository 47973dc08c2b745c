import type { FastifyPluginAsync } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import { contractPdf } from '../documents/contractPdf';
import { sendPdf } from '../documents/pdf';
import type { Line } from '../db/schema';
import type { RouteContext } from './context';
import { findVisibleContract } from '../data/scope';
import { notFound } from '../http/errors';

interface ContractParams {
  id: string;
}

interface ContractQuery {
  line?: Line;
  output?: 'pdf';
}

const errorBody = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

const contractSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^[0-9A-Za-z-]{1,20}$' } },
  },
  querystring: {
    type: 'object',
    properties: {
      line: { type: 'string', enum: ['Electricidad', 'Gas'] },
      output: { type: 'string', enum: ['pdf'] },
    },
  },
  response: {
    // Without output=pdf: the contract detail of spec 01 §3.
    200: {
      type: 'object',
      properties: {
        streetName: { type: 'string' },
        number: { type: 'string' },
        extension: nullableString,
        city: { type: 'string' },
        cups: { type: 'string' },
        startingDate: { type: 'string' },
        lowDate: nullableString,
        clientContractRate: { type: 'string' },
        state: { type: 'string' },
        contractCode: { type: 'string' },
        idContrato: { type: 'string' },
        line: { type: 'string' },
      },
    },
    '4xx': errorBody,
  },
} as const;

export const contractRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, requireAuth }) => {
  // Static paths under /ov/contracts (api/…, fullbilling) belong to other plugins; Fastify matches static
  // segments before this parameter, so they never reach it.
  app.get<{ Params: ContractParams; Querystring: ContractQuery }>(
    '/ov/contracts/:id',
    { schema: contractSchema, preHandler: requireAuth },
    async (request, reply) => {
      const contract = await findVisibleContract(db, signedInAccount(request), request.params.id);
      const { line, output } = request.query;
      // A contract asked for under the other line does not exist for the caller either.
      if (line && line !== contract.line) throw notFound();
      if (output === 'pdf') return sendPdf(reply, contractPdf(contract), `Contrato-${contract.code}.pdf`);
      return {
        streetName: contract.street,
        number: contract.number,
        extension: contract.extension,
        city: contract.city,
        cups: contract.cups,
        startingDate: contract.start_date,
        lowDate: contract.end_date,
        clientContractRate: contract.tariff,
        state: contract.state,
        contractCode: contract.code,
        idContrato: contract.sicom_code,
        line: contract.line,
      };
    },
  );
};
