import { type Static, Type } from 'typebox';
import { lineName, nullableNumber, nullableString, oneOf } from './common';

/** The fields every invoice item carries, in the per-product and the all-invoices lists alike. */
const invoiceIdentity = {
  id: Type.Integer(),
  line: lineName,
  billNumber: Type.String(),
  factura: Type.String(),
  serieFactura: Type.String(),
  serieFacturaUnica: nullableString,
  numeroFacturaUnica: nullableString,
  /** NO normal, VA varios (no reading dates). */
  facturaCategoria: Type.String(),
  /** 0 for a simple invoice, 1 for a proforma or a unified invoice. */
  isUnificada: Type.Integer(),
  /** 1 for a unified invoice. */
  isUnica: Type.Integer(),
  canDownload: Type.Boolean(),
  hasProformas: Type.Integer(),
};

/**
 * The Invoice item of the all-invoices and administrator lists (server/docs/invoices-api.md). A unified invoice
 * names no single supply: empty CUPS, contract and street, and `numeroSuministros` says how many it covers.
 */
export const invoiceItem = Type.Object({
  ...invoiceIdentity,
  launchDate: Type.String(),
  total: Type.Object({ amount: Type.Number(), currency: Type.String() }),
  readingDateFrom: nullableString,
  readingDateUntil: nullableString,
  contract: Type.String(),
  contractCode: Type.String(),
  nif: Type.String(),
  cups: Type.String(),
  street: Type.String(),
  tarifa: Type.String(),
  /** The invoice's total kWh. */
  consumoKwh: Type.Number(),
  numeroSuministros: Type.Integer(),
  Pdf: Type.String(),
});
export type Invoice = Static<typeof invoiceItem>;

/** How many invoices match in each line: index 0 overall, 1 electricity, 2 gas (DECISIONS "Lists and pagers"). */
export const lineCount = Type.Object({
  line: oneOf(['Todas', 'Electricidad', 'Gas']),
  count: Type.Integer(),
});

/**
 * One page of the all-invoices and administrator lists (fullbilling, filterfullbilling, unicas/gas,
 * searchOneInvoice); an empty page answers 204 with no body.
 */
export const invoiceListAnswer = Type.Object({
  Invoice: Type.Array(invoiceItem),
  Fullbilling: Type.Object({ total: Type.Array(lineCount) }),
});
export type InvoiceListAnswer = Static<typeof invoiceListAnswer>;

/** The per-product invoice item (spec 02 §3 "Per-product invoice fields"). */
export const productInvoice = Type.Object({
  ...invoiceIdentity,
  fechaFactura: Type.String(),
  periodoFacturacion: Type.Object({ desde: nullableString, hasta: nullableString }),
  total: Type.Object({ importe: Type.Number(), divisa: Type.String(), countInvoices: Type.Integer() }),
  TotalConsumoEnergiaActiva: Type.Number(),
  consumoKwh: Type.Number(),
  consumoActivaP1: nullableNumber,
  consumoActivaP2: nullableNumber,
  consumoActivaP3: nullableNumber,
  consumoActivaP4: nullableNumber,
  consumoActivaP5: nullableNumber,
  consumoActivaP6: nullableNumber,
  PotenciaLeidaP1: nullableNumber,
  tarifa: Type.String(),
  cups: Type.String(),
  contractCode: Type.String(),
  pdf: Type.String(),
  Pdf: Type.String(),
});
export type ProductInvoice = Static<typeof productInvoice>;

/**
 * The per-product lists and charts (contractCode/invoices, contractCode/charts/invoices) and the contract-level
 * fullbilling: the page, the whole search's total and count, and the results line.
 */
export const productInvoicesAnswer = Type.Object({
  Invoices: Type.Object({
    invoicesList: Type.Array(productInvoice),
    total: Type.Object({ total: Type.Number(), countInvoices: Type.Integer() }),
    mensaje: Type.String(),
  }),
});
export type ProductInvoicesAnswer = Static<typeof productInvoicesAnswer>;

/**
 * The whole-euro amount limits of the invoices (getPriceMinAndMaxInvoice, getPriceMinAndMaxInvoices); -10000 and
 * 10000 when there are none. The SPA also reads the `invoiceMinImport`/`invoiceMaxImport` names other backends
 * send (DECISIONS "Lists and pagers").
 */
export const priceLimitsAnswer = Type.Object({
  minImportClientInvoice: Type.Integer(),
  maxImportClientInvoice: Type.Integer(),
});
export type PriceLimitsAnswer = Static<typeof priceLimitsAnswer>;

/** GET ov/invoices/api/isUnicaInvoicesAssociate: the caller's unified invoices in each line. */
export const unifiedCountsAnswer = Type.Object({
  FacturasUnicas: Type.Object({ Electricidad: Type.Integer(), Gas: Type.Integer() }),
});
export type UnifiedCountsAnswer = Static<typeof unifiedCountsAnswer>;

/** GET ov/contracts/api/administrador-fincas: a contract's detail for the invoice screens' modal. */
export const contractDetailAnswer = Type.Object({
  Contrato: Type.Object({
    codigoContrato: Type.String(),
    RazonSocial: Type.String(),
    NIF: Type.String(),
    Direccion: Type.String(),
    ciudad: Type.String(),
    provincia: Type.String(),
    codigoPostal: Type.String(),
    CUPS: Type.String(),
    Tarifa: Type.String(),
    Desde: Type.String(),
    Hasta: nullableString,
    PotenciaContratadaP1: nullableNumber,
    PotenciaContratadaP2: nullableNumber,
    PotenciaContratadaP3: nullableNumber,
    PotenciaContratadaP4: nullableNumber,
    PotenciaContratadaP5: nullableNumber,
    PotenciaContratadaP6: nullableNumber,
    CaudalContrato: nullableNumber,
  }),
});
export type ContractDetailAnswer = Static<typeof contractDetailAnswer>;
export type ContractDetail = ContractDetailAnswer['Contrato'];
