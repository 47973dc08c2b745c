import { type Static, Type } from 'typebox';

/** Query date text: 'YYYY-MM-DD', or '0'/empty for no bound. */
export const queryDate = Type.String({ pattern: '^(0|\\d{4}-\\d{2}-\\d{2})?$' });
/** The contract-level fullbilling call sends 'DD-MM-YYYY' (spec 02 §5); ISO is accepted as well. */
export const dashOrQueryDate = Type.String({ pattern: '^(0|\\d{2}-\\d{2}-\\d{4}|\\d{4}-\\d{2}-\\d{2})?$' });
export const shortText = Type.String({ maxLength: 64 });
/** A short text that must not be empty (a required code or number). */
export const givenText = Type.String({ maxLength: 64, minLength: 1 });
export const optionalText = Type.Optional(shortText);
export const price = Type.Number({ minimum: -1e9, maximum: 1e9 });
export const pageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });

/** The query properties every invoice list and export accepts. */
export const filterQuery = {
  startDate: Type.Optional(queryDate),
  endDate: Type.Optional(queryDate),
  contract: optionalText,
  cups: optionalText,
  cif: optionalText,
  invoice: optionalText,
  minPrice: Type.Optional(price),
  maxPrice: Type.Optional(price),
  isDefaultQuery: Type.Optional(Type.Boolean()),
  start: Type.Optional(pageNumber),
};

/** A list's query as the paging helpers read it. */
export type ListQuery = Static<ReturnType<typeof Type.Object<typeof filterQuery>>>;

/** What the lists and exports by line add to the filters. */
export const lineListQuery = {
  ...filterQuery,
  lineRemover: optionalText,
  findUnicas: Type.Optional(Type.Boolean()),
  hasUnicasInvoices: Type.Optional(Type.Boolean()),
};
