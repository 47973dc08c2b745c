import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { offLoop } from '../documents/documentThreads';
import { sendPdfBytes } from '../documents/download';
import { findVisibleContract } from '../data/scope';
import { notFound, orNotFound, errorBody } from '../http/errors';
import type { RoutePlugin } from './context';
import { contractAnswer } from '../contract/contracts';
import { lineName, oneOf } from './schemas';

const contractSchema = {
  params: Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z-]{1,20}$' }) }),
  querystring: Type.Object({ line: Type.Optional(lineName), output: Type.Optional(oneOf(['pdf'])) }),
  response: {
    // Without output=pdf: the contract detail of spec 01 §3.
    200: contractAnswer,
    '4xx': errorBody,
  },
};

export const contractRoutes: RoutePlugin = async (app, { db }) => {
  // Static paths under /ov/contracts (api/…, fullbilling) belong to other plugins; Fastify matches static
  // segments before this parameter, so they never reach it.
  app.get('/ov/contracts/:id', { schema: contractSchema }, async (request, reply) => {
    const contract = orNotFound(await findVisibleContract(db, signedInAccount(request), request.params.id));
    const { line, output } = request.query;
    // A contract asked for under the other line does not exist for the caller either.
    if (line && line !== contract.line) throw notFound();
    if (output === 'pdf') {
      return sendPdfBytes(reply, await offLoop('contractPdf', contract), `Contrato-${contract.code}.pdf`);
    }
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
  });
};
