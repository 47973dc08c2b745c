/**
 * Why a bill changed (DECISIONS "The bill", issue 29): the difference in euros between two bills of one supply
 * split into days billed, consumption (by tariff period), energy price, power or fixed term, other charges and
 * taxes. Each part is rounded to the cent and the rounding rest is a part of its own, so the parts add up to the
 * difference exactly.
 */

/** One tariff period's energy of a bill (electricity P1..P6; gas one term). */
export interface BilledEnergy {
  period: string;
  label: string;
  kwh: number;
  /** €/kWh. */
  price: number;
}

/** What the split reads of a bill. */
export interface BillFigures {
  days: number;
  energy: BilledEnergy[];
  /** Power term (electricity) or fixed term (gas), €. */
  power: number;
  /** Meter rental less the surplus compensation, €. */
  other: number;
  /** Special tax and VAT, €. */
  taxes: number;
  total: number;
}

export type PartKey = 'days' | 'consumption' | 'energyPrice' | 'power' | 'other' | 'taxes' | 'rounding';

export interface PeriodChange {
  period: string;
  label: string;
  kwhBefore: number;
  kwhNow: number;
  /** The kWh difference priced at the earlier bill's price, € (rounded). */
  euros: number;
}

export interface BillChange {
  difference: number;
  parts: { key: PartKey; euros: number }[];
  consumption: PeriodChange[];
}

const cents = (euros: number) => Math.round(euros * 100);

/** The split of `now − before`; the parts, in cents, add up to the difference of the totals in cents. */
export function billChange(before: BillFigures, now: BillFigures): BillChange {
  const periods = [...new Set([...before.energy, ...now.energy].map((term) => term.period))];
  const term = (bill: BillFigures, period: string) => bill.energy.find((t) => t.period === period);
  const consumption = periods.map((period) => {
    const was = term(before, period);
    const is = term(now, period);
    const kwhBefore = was?.kwh ?? 0;
    const kwhNow = is?.kwh ?? 0;
    // A period new to this bill is priced at its own price: there is no earlier one.
    const price = was?.price ?? is?.price ?? 0;
    return {
      period,
      label: is?.label ?? was?.label ?? period,
      kwhBefore,
      kwhNow,
      exact: (kwhNow - kwhBefore) * price,
      priceChange: kwhNow * ((is?.price ?? price) - price),
    };
  });
  // The power (or fixed) term runs by the day: its earlier daily cost times the extra days is the days' part.
  const dayShare = (before.power / before.days) * (now.days - before.days);
  const exact: [PartKey, number][] = [
    ['days', dayShare],
    ['consumption', consumption.reduce((sum, p) => sum + p.exact, 0)],
    ['energyPrice', consumption.reduce((sum, p) => sum + p.priceChange, 0)],
    ['power', now.power - before.power - dayShare],
    ['other', now.other - before.other],
    ['taxes', now.taxes - before.taxes],
  ];
  const difference = cents(now.total) - cents(before.total);
  const parts = exact.map(([key, euros]) => ({ key, cents: cents(euros) }));
  const rest = difference - parts.reduce((sum, part) => sum + part.cents, 0);
  return {
    difference: difference / 100,
    parts: [...parts, { key: 'rounding' as const, cents: rest }].map(({ key, cents: c }) => ({
      key,
      euros: c / 100,
    })),
    // A period empty on both bills adds nothing to any part: listing it only lengthens the view.
    consumption: consumption
      .filter(({ kwhBefore, kwhNow }) => kwhBefore !== 0 || kwhNow !== 0)
      .map(({ period, label, kwhBefore, kwhNow, exact: euros }) => ({
        period,
        label,
        kwhBefore,
        kwhNow,
        euros: cents(euros) / 100,
      })),
  };
}
