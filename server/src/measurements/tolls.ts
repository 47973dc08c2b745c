/**
 * The access tolls in force by date. On 1 June 2021 (Circular CNMC 3/2020) every Spanish electricity supply left
 * the old tolls for 2.0TD, 3.0TD or 6.xTD; a contract signed on an old toll is billed with its successor from
 * that day. The demo keeps a few contracts signed on old tolls for spec 01's reading variants (their access fee
 * as signed); everything that bills, measures or describes a contract on a date uses the toll in force then.
 */
export const TD_TOLLS_FROM = '2021-06-01';

const SUCCESSOR: Record<string, string> = {
  '2.0A': '2.0TD',
  '2.1A': '2.0TD',
  '2.0DHA': '2.0TD',
  '2.1DHA': '2.0TD',
  '2.0DHS': '2.0TD',
  '2.1DHS': '2.0TD',
  '3.0A': '3.0TD',
  // High voltage up to 36 kV and 450 kW.
  '3.1A': '6.1TD',
  '6.1A': '6.1TD',
};

/** The toll a supply signed on `tariff` is billed with on `date`; gas tariffs and the TD tolls are unchanged. */
export function tollOn(tariff: string, date: string): string {
  return date >= TD_TOLLS_FROM ? (SUCCESSOR[tariff] ?? tariff) : tariff;
}

/** Contracted power periods of the TD tolls: 2.0TD two, the others six. */
const tdPowerPeriods = (toll: string) => (toll === '2.0TD' ? 2 : 6);

/**
 * The contracted kW, P1 first, under the toll in force on `date`: a supply moved to a TD toll keeps its kW in
 * the periods it had and the last of them in the periods the new toll adds (the powers must not fall from P1
 * to P6).
 */
export function powersOn(tariff: string, powers: readonly number[], date: string): number[] {
  const toll = tollOn(tariff, date);
  if (toll === tariff || !powers.length) return [...powers];
  const periods = tdPowerPeriods(toll);
  return Array.from({ length: periods }, (_, i) => powers[Math.min(i, powers.length - 1)]);
}

interface TolledContract {
  tariff: string;
  access_fee: string;
  end_date: string | null;
  power_p1: number | null;
  power_p2: number | null;
  power_p3: number | null;
  power_p4: number | null;
  power_p5: number | null;
  power_p6: number | null;
}

/**
 * A contract row as it stands on `date`: tariff, access fee and contracted powers of the toll in force. By
 * default on its last day (its end, or `today` while it runs), which is how a contract is shown and measured.
 */
export function contractOn<Row extends TolledContract>(row: Row, today: string, date?: string): Row {
  const on = date ?? row.end_date ?? today;
  const toll = tollOn(row.tariff, on);
  if (toll === row.tariff) return row;
  const signed = [row.power_p1, row.power_p2, row.power_p3, row.power_p4, row.power_p5, row.power_p6].filter(
    (kw): kw is number => kw !== null,
  );
  const powers = powersOn(row.tariff, signed, on);
  return {
    ...row,
    tariff: toll,
    access_fee: toll,
    power_p1: powers[0] ?? null,
    power_p2: powers[1] ?? null,
    power_p3: powers[2] ?? null,
    power_p4: powers[3] ?? null,
    power_p5: powers[4] ?? null,
    power_p6: powers[5] ?? null,
  };
}
