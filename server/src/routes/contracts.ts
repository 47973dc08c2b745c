import type { FastifyPluginAsync } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import { createPdf, sendPdf, writeFields } from '../documents/pdf';
import type { Line } from '../db/schema';
import { ApiError } from '../http/errors';
import type { RouteContext } from './context';
import { holderDisplayName } from '../data/display';
import { findVisibleContract, NOT_FOUND_MESSAGE, type VisibleContract } from '../data/scope';

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

/** The state as the home page shows it: Contrato reads Alta (spec 01 §4). */
export function displayState(state: string): string {
  return state === 'Contrato' ? 'Alta' : state;
}

function listDate(iso: string | null): string {
  if (!iso) return '—';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

const kilowatts = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function supplyAddress(contract: VisibleContract): string {
  const street = [contract.street, contract.number, contract.extension].filter(Boolean).join(', ');
  return `${street}. ${contract.postal_code} ${contract.city} (${contract.province})`;
}

/** The contract document: who, where, what was contracted and since when. */
function contractPdf(contract: VisibleContract) {
  const doc = createPdf(`Contrato de suministro ${contract.code}`);
  writeFields(doc, [
    ['Número de contrato', contract.code],
    ['Referencia SICOM', contract.sicom_code],
    ['Estado', displayState(contract.state)],
    ['Fecha de alta', listDate(contract.start_date)],
    ['Fecha de baja', listDate(contract.end_date)],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Titular');
  doc.font('Helvetica').fontSize(10);
  writeFields(doc, [
    ['Nombre o razón social', holderDisplayName(contract)],
    ['NIF/CIF', contract.holder_nif],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Punto de suministro');
  doc.font('Helvetica').fontSize(10);
  writeFields(doc, [
    ['Suministro', contract.line === 'Electricidad' ? 'Electricidad' : 'Gas natural'],
    ['CUPS', contract.cups],
    ['Dirección', supplyAddress(contract)],
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Condiciones contratadas');
  doc.font('Helvetica').fontSize(10);
  const powers = [
    contract.power_p1,
    contract.power_p2,
    contract.power_p3,
    contract.power_p4,
    contract.power_p5,
    contract.power_p6,
  ].flatMap((power, i): [string, string][] =>
    power === null ? [] : [[`Potencia contratada P${i + 1}`, `${kilowatts.format(power)} kW`]],
  );
  writeFields(doc, [
    ['Tarifa', contract.tariff],
    ['Peaje de acceso', contract.access_fee],
    ...powers,
    ...(contract.caudal === null
      ? []
      : [['Caudal diario', `${kilowatts.format(contract.caudal)} kWh/día`] as [string, string]]),
  ]);
  doc
    .moveDown()
    .fillColor('#444444')
    .fontSize(8)
    .text(
      'Este documento resume las condiciones vigentes del contrato de suministro. Las condiciones generales ' +
        'y particulares firmadas prevalecen sobre este resumen.',
    );
  return doc;
}

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
      if (line && line !== contract.line) throw new ApiError(404, 404, NOT_FOUND_MESSAGE);
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
