import { type Static, Type } from 'typebox';
import { lineName, nullableString } from './common';

/** A supply point of the CUPS list (spec 01 §3; server/src/data/contracts.ts SUPPLY_POINT_FIELDS). */
export const supplyPoint = Type.Object({
  cups: Type.String(),
  codAbonado: Type.String(),
  line: lineName,
  domicilio: Type.String(),
  numDomicilio: Type.String(),
  ampExtension1: nullableString,
  ciudad: Type.String(),
  fechaAlta: Type.String(),
  fechaBaja: nullableString,
  accessFee: Type.Object({ fee: Type.String() }),
});
export type SupplyPoint = Static<typeof supplyPoint>;

/** A row of a line's contract table. */
export const contractRow = Type.Object({
  codAbonado: Type.String(),
  codigoContratoSICOM: Type.String(),
  cups: Type.String(),
  calle: Type.String(),
  numDomicilio: Type.String(),
  extension: nullableString,
  codPostal: Type.String(),
  ciudad: Type.String(),
  fechaAlta: Type.String(),
  fechaBaja: nullableString,
  estado: Type.String(),
  tarifa: Type.String(),
});
export type ContractRow = Static<typeof contractRow>;

/** One line's page of its contract table: `activePage` is 1-based. */
export const contractsPage = Type.Object({
  activePage: Type.Integer(),
  totalPages: Type.Integer(),
  pages: Type.Array(contractRow),
});
export type ContractsPage = Static<typeof contractsPage>;

/**
 * GET ov/cups/api/cupsMe (spec 01 §7; the two uses are told in server/src/routes/cups.ts). `select` is a single
 * object when exactly one supply point is in it, as the retailer's API does.
 */
export const cupsMeAnswer = Type.Object({
  cupsAsociados: Type.Object({ select: Type.Union([Type.Array(supplyPoint), supplyPoint]) }),
  totalElectricidad: Type.Integer(),
  totalGas: Type.Integer(),
  contratos: Type.Object({ Electricidad: contractsPage, Gas: contractsPage }),
});
export type CupsMeAnswer = Static<typeof cupsMeAnswer>;

/** GET ov/cups/api/communities (administrators): the clients they manage, by name. */
export const communitiesAnswer = Type.Object({
  comunidades: Type.Array(
    Type.Object({ cif: Type.String(), nombre: Type.String(), suministros: Type.Integer() }),
  ),
});
export type CommunitiesAnswer = Static<typeof communitiesAnswer>;

/** POST ov/cups/api/createdebuglog: the row written. */
export const debugLogAnswer = Type.Object({ id: Type.Integer() });

/** GET ov/contracts/:id without output=pdf: the contract detail of spec 01 §3. */
export const contractAnswer = Type.Object({
  streetName: Type.String(),
  number: Type.String(),
  extension: nullableString,
  city: Type.String(),
  cups: Type.String(),
  startingDate: Type.String(),
  lowDate: nullableString,
  clientContractRate: Type.String(),
  state: Type.String(),
  contractCode: Type.String(),
  idContrato: Type.String(),
  line: lineName,
});

/** GET ov/home/api/summary (server/docs/home-issues-api.md): the newest invoice and 12 months billed. */
export const homeSummaryAnswer = Type.Object({
  latestInvoice: Type.Union([
    Type.Object({
      numero: Type.String(),
      fecha: Type.String(),
      importe: Type.Number(),
      line: lineName,
      /** Empty for a unified invoice, which covers several supplies. */
      contractCode: Type.String(),
      supplies: Type.Integer(),
      pdf: Type.String(),
      /** The id "¿Por qué ha cambiado mi factura?" takes (issue 29); absent for a Varios invoice or another backend. */
      explicacion: Type.Optional(Type.Integer()),
      /** Issued after the day of the previous sign-in: the home marks it "Nueva" (other backends may not say). */
      nueva: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ]),
  consumption: Type.Object({
    line: lineName,
    months: Type.Array(Type.Object({ month: Type.String(), kwh: Type.Number() })),
    totalKwh: Type.Number(),
  }),
  /** Requests the retailer changed since the previous sign-in, newest first (issue 26). */
  newRequests: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), asunto: Type.String(), estado: Type.String() })),
  ),
});
export type HomeSummaryAnswer = Static<typeof homeSummaryAnswer>;
