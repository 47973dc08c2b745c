import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { holderDisplayName, pdfPath, streetOf } from '../data/display';
import {
  countAndSum,
  cupsForms,
  detailsOf,
  exportDetails,
  type InvoiceDetail,
  type InvoiceFilters,
  priceLimits,
  PRODUCT_KINDS,
} from '../data/invoices';
import { invoicePage, latestInvoices } from '../data/invoiceSearch/plan';
import { findVisibleContract, readerOf } from '../data/scope';
import { notFound, orNotFound } from '../http/errors';
import { consumptionWorkbook } from '../documents/invoiceSheet';
import { sendWorkbook } from '../documents/spreadsheet';
import type { RoutePlugin } from './context';
import {
  checkExportLimits,
  checkExportRange,
  EXCEL_LIMIT,
  invoiceIdentity,
  parseLine,
  PDF_ZIP_LIMIT,
  resolveFilters,
  zipOfInvoices,
} from './invoiceQueries';
import { noContent } from '../contract/common';
import {
  contractDetailAnswer,
  priceLimitsAnswer,
  type ProductInvoicesAnswer,
  productInvoicesAnswer,
} from '../contract/invoices';
import { errorBody } from '../http/errors';
import { dashOrQueryDate, givenText, optionalText, pageNumber, price, queryDate } from './invoiceSchemas';

const contractOfLine = { line: givenText, contractCode: givenText };

/** A page of the product's invoices, or 204 when it is empty. */
const productPage = { 200: productInvoicesAnswer, 204: noContent, '4xx': errorBody };
/** A file (ZIP, spreadsheet), or 204 when no invoice matches. */
const productFile = { 204: noContent, '4xx': errorBody };

const productListSchema = {
  querystring: Type.Object({
    ...contractOfLine,
    defaultQuery: Type.Optional(Type.Boolean()),
    startDate: Type.Optional(queryDate),
    endDate: Type.Optional(queryDate),
    start: Type.Optional(pageNumber),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    factura: optionalText,
    minPrice: Type.Optional(price),
    maxPrice: Type.Optional(price),
  }),
  response: productPage,
};

const productExportSchema = <Response>(dates: typeof queryDate, response: Response) => ({
  querystring: Type.Object({
    ...contractOfLine,
    startDate: Type.Optional(dates),
    endDate: Type.Optional(dates),
    factura: optionalText,
    CUPS: optionalText,
    cups: optionalText,
  }),
  response,
});

/** What the product calls' helpers read: any of their queries (the list's, an export's, the price's). */
type ProductQuery = Static<typeof productListSchema.querystring> &
  Static<ReturnType<typeof productExportSchema>['querystring']>;

const priceSchema = {
  querystring: Type.Object(contractOfLine),
  response: { 200: priceLimitsAnswer, '4xx': errorBody },
};

const contractDetailSchema = {
  querystring: Type.Object({ codigoContrato: givenText, line: optionalText }),
  response: { 200: contractDetailAnswer, '4xx': errorBody },
};

/**
 * The selected product's contract with the filters of its own list (simple invoices and proformas); 404
 * when the contract is not the account's, its line differs or a given CUPS is not its supply point.
 */
async function productFilters(
  db: Db,
  signedIn: Account,
  query: ProductQuery,
): Promise<{ account: Account; filters: InvoiceFilters }> {
  const line = parseLine(query.line)!;
  const contract = orNotFound(await findVisibleContract(db, signedIn, query.contractCode.trim()));
  const cups = query.CUPS ?? query.cups;
  if (contract.line !== line || (cups?.trim() && !cupsForms(cups).includes(contract.cups))) throw notFound();
  // A permission's grantee reads as the holder, narrowed to this contract below (contractIds).
  const account = readerOf(signedIn, contract);
  const filters = await resolveFilters(
    db,
    account,
    {
      startDate: query.startDate,
      endDate: query.endDate,
      invoice: query.factura,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
    },
    { lines: [line], kinds: PRODUCT_KINDS, contractIds: [contract.id] },
  );
  return { account, filters };
}

/** The per-product invoice item (spec 02 §3 "Per-product invoice fields"). */
function productItem(invoice: InvoiceDetail, countInvoices: number) {
  const path = pdfPath(invoice);
  return Object.assign(invoiceIdentity(invoice), {
    fechaFactura: invoice.launch_date,
    periodoFacturacion: { desde: invoice.reading_from, hasta: invoice.reading_until },
    total: { importe: invoice.amount, divisa: invoice.currency, countInvoices },
    TotalConsumoEnergiaActiva: invoice.consumption_kwh,
    consumoKwh: invoice.consumption_kwh,
    consumoActivaP1: invoice.consumption_p1,
    consumoActivaP2: invoice.consumption_p2,
    consumoActivaP3: invoice.consumption_p3,
    consumoActivaP4: invoice.consumption_p4,
    consumoActivaP5: invoice.consumption_p5,
    consumoActivaP6: invoice.consumption_p6,
    PotenciaLeidaP1: invoice.power_read_p1,
    tarifa: invoice.tariff,
    cups: invoice.cups,
    contractCode: invoice.contract_code,
    pdf: path,
    Pdf: path,
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function productAnswer(invoices: InvoiceDetail[], count: number, sum: number): ProductInvoicesAnswer {
  return {
    Invoices: {
      invoicesList: invoices.map((invoice) => productItem(invoice, count)),
      total: { total: round2(sum), countInvoices: count },
      mensaje: `Se han encontrado ${count} ${count === 1 ? 'factura' : 'facturas'}`,
    },
  };
}

export const productInvoiceRoutes: RoutePlugin = async (app, { db }) => {
  /** The signed-in caller and the filters of the product the query names. */
  const productSelection = async (request: FastifyRequest<{ Querystring: ProductQuery }>) => {
    return productFilters(db, signedInAccount(request), request.query);
  };

  /** One page of the product's invoices; null when it is empty. Charts take the same page oldest first. */
  const productList = async (signedIn: Account, query: ProductQuery, ascending: boolean) => {
    const { account, filters } = await productFilters(db, signedIn, query);
    const size = query.limit ?? 10;
    const inOrder = (ids: number[]) => (ascending ? ids.reverse() : ids);
    if (query.defaultQuery) {
      const invoices = await detailsOf(db, inOrder(await latestInvoices(db, account, filters, size)));
      const sum = invoices.reduce((total, invoice) => total + invoice.amount, 0);
      return invoices.length ? productAnswer(invoices, invoices.length, sum) : null;
    }
    const { count, sum } = await countAndSum(db, account, filters);
    const page = query.start ?? 1;
    if (!count || (page - 1) * size >= count) return null;
    const ids = inOrder(await invoicePage(db, account, filters, { number: page, size }));
    return productAnswer(await detailsOf(db, ids), count, sum);
  };

  for (const [path, ascending] of [
    ['/ov/contracts/api/contractCode/invoices', false],
    ['/ov/contracts/api/contractCode/charts/invoices', true],
  ] as const) {
    for (const url of [path, `${path}/`]) {
      app.get(url, { schema: productListSchema }, async (request, reply) => {
        const answer = await productList(signedInAccount(request), request.query, ascending);
        return answer ? answer : reply.code(204).send();
      });
    }
  }

  app.get('/ov/contracts/api/getPriceMinAndMaxInvoices', { schema: priceSchema }, async (request) => {
    const { account, filters } = await productSelection(request);
    return priceLimits(db, account, filters);
  });

  app.get(
    '/ov/contracts/api/contractCode/fullbilling',
    { schema: productExportSchema(queryDate, productFile) },
    async (request, reply) => {
      const { account, filters } = await productSelection(request);
      await checkExportLimits(db, account, filters, 'pdf');
      const invoices = (await exportDetails(db, account, filters, PDF_ZIP_LIMIT)).filter(
        (invoice) => invoice.can_download === 1,
      );
      if (!invoices.length) return reply.code(204).send();
      await zipOfInvoices(reply, db, `facturas ${request.query.contractCode.trim()}.zip`, invoices);
      return reply;
    },
  );

  app.get(
    '/ov/contracts/fullbilling',
    { schema: productExportSchema(dashOrQueryDate, productPage) },
    async (request, reply) => {
      const { account, filters } = await productSelection(request);
      checkExportRange(filters);
      const invoices = await exportDetails(db, account, filters, EXCEL_LIMIT);
      if (!invoices.length) return reply.code(204).send();
      return productAnswer(
        invoices,
        invoices.length,
        invoices.reduce((sum, invoice) => sum + invoice.amount, 0),
      );
    },
  );

  app.get(
    '/ov/consumptions/api/fullbilling',
    { schema: productExportSchema(queryDate, productFile) },
    async (request, reply) => {
      const { account, filters } = await productSelection(request);
      await checkExportLimits(db, account, filters, 'excel');
      const invoices = await exportDetails(db, account, filters, EXCEL_LIMIT);
      if (!invoices.length) return reply.code(204).send();
      return sendWorkbook(reply, consumptionWorkbook(invoices), `consumos ${filters.lines[0]}.xlsx`);
    },
  );

  app.get('/ov/contracts/api/administrador-fincas', { schema: contractDetailSchema }, async (request) => {
    const account = signedInAccount(request);
    const contract = orNotFound(await findVisibleContract(db, account, request.query.codigoContrato.trim()));
    const line = parseLine(request.query.line);
    if (line && contract.line !== line) throw notFound();
    return {
      Contrato: {
        codigoContrato: contract.code,
        RazonSocial: holderDisplayName(contract),
        NIF: contract.holder_nif,
        Direccion: streetOf(contract),
        ciudad: contract.city,
        provincia: contract.province,
        codigoPostal: contract.postal_code,
        CUPS: contract.cups,
        Tarifa: contract.tariff,
        Desde: contract.start_date,
        Hasta: contract.end_date,
        PotenciaContratadaP1: contract.power_p1,
        PotenciaContratadaP2: contract.power_p2,
        PotenciaContratadaP3: contract.power_p3,
        PotenciaContratadaP4: contract.power_p4,
        PotenciaContratadaP5: contract.power_p5,
        PotenciaContratadaP6: contract.power_p6,
        CaudalContrato: contract.caudal,
      },
    };
  });
};
