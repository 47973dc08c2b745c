import { type Static, Type } from 'typebox';
import { oneOf } from './common';

const hourAt = Type.Object({
  /** Start of the hour, local time with its offset ('2026-01-12T20:00:00+01:00'). */
  startsAt: Type.String(),
  kw: Type.Number(),
});

/** One way to be billed over the same year of hours: the contract as it is, another offer, another power. */
const option = Type.Object({
  kind: oneOf(['actual', 'oferta', 'potencia']),
  /** The offer's code (?oferta=): ACTUAL for the contract's own prices. */
  offer: Type.String(),
  label: Type.String(),
  /** Contracted kW per power period, P1 first. */
  powers: Type.Array(Type.Number()),
  /** The sum of the year's bills under this option, €. */
  yearlyCost: Type.Number(),
  /** yearlyCost minus the current contract's, € (negative: a saving). */
  difference: Type.Number(),
  /** Hours of the year whose demand exceeded the option's power (the switch could have tripped). */
  exceededHours: Type.Integer(),
  worstHour: Type.Union([Type.Object({ ...hourAt.properties, powerKw: Type.Number() }), Type.Null()]),
  /** In words when the power is below the year's peak demand; null otherwise. */
  warning: Type.Union([Type.String(), Type.Null()]),
});

/** GET /ov/cups/api/simulador (server/docs/simulator-api.md). */
export const simulatorAnswer = Type.Object({
  contractCode: Type.String(),
  cups: Type.String(),
  tariff: Type.String(),
  /** The first and last day of the billing periods priced. */
  from: Type.String(),
  until: Type.String(),
  periods: Type.Integer(),
  /** What those periods' invoices came to, € (each period once, Varios left out). */
  billedTotal: Type.Number(),
  peak: Type.Union([hourAt, Type.Null()]),
  options: Type.Array(option),
});
export type SimulatorAnswer = Static<typeof simulatorAnswer>;
export type SimulatorOption = Static<typeof option>;
