import { type Static, Type } from 'typebox';
import { lineName, nullableString, oneOf } from './common';

/** One part of a bill's difference, € to the cent; `rounding` holds what the parts' rounding left. */
const part = Type.Object({
  key: oneOf(['days', 'consumption', 'energyPrice', 'power', 'other', 'taxes', 'rounding']),
  label: Type.String(),
  euros: Type.Number(),
});

const periodChange = Type.Object({
  period: Type.String(),
  label: Type.String(),
  kwhBefore: Type.Number(),
  kwhNow: Type.Number(),
  euros: Type.Number(),
});

const billName = {
  invoiceId: Type.Integer(),
  number: Type.String(),
  from: nullableString,
  until: nullableString,
  total: Type.Number(),
};

/** This bill against another of the same contract: the difference and its parts, which add up to it. */
const comparison = Type.Object({
  ...billName,
  difference: Type.Number(),
  parts: Type.Array(part),
  consumption: Type.Array(periodChange),
});

const supply = Type.Object({
  ...billName,
  cups: Type.String(),
  contractCode: Type.String(),
  tariff: Type.String(),
  days: Type.Integer(),
  /** The bill's own parts (energy, power or fixed term, other charges, taxes), for a bill with nothing before. */
  own: Type.Array(part),
  previous: Type.Union([comparison, Type.Null()]),
  yearBefore: Type.Union([comparison, Type.Null()]),
  /** Electricity: kWh per period billed and summed from the hourly curve over the bill's days. */
  curve: Type.Union([
    Type.Object({
      matches: Type.Boolean(),
      periods: Type.Array(
        Type.Object({
          period: Type.String(),
          label: Type.String(),
          billedKwh: Type.Number(),
          curveKwh: Type.Number(),
        }),
      ),
    }),
    Type.Null(),
  ]),
});

/** GET /ov/invoices/api/explicacion/{id} (server/docs/bill-explainer.md). */
export const billExplanation = Type.Object({
  invoiceId: Type.Integer(),
  number: Type.String(),
  line: lineName,
  sentence: Type.String(),
  /** The difference with the previous bills, all supplies together; null when a supply has none. */
  total: Type.Union([Type.Object({ difference: Type.Number(), parts: Type.Array(part) }), Type.Null()]),
  supplies: Type.Array(supply),
});
export type BillExplanation = Static<typeof billExplanation>;
export type BillPart = Static<typeof part>;
