/**
 * A contract row's six contracted-power columns and its list of powers, both ways: the seeds write them, the
 * documents and the invoices read them at request time (so this lives in db/, not in db/seed/).
 */

/** The six contracted-power columns of a contract row from its list of powers (P1 first; missing ones null). */
export function powerColumns(powers: readonly (number | null)[]) {
  return {
    power_p1: powers[0] ?? null,
    power_p2: powers[1] ?? null,
    power_p3: powers[2] ?? null,
    power_p4: powers[3] ?? null,
    power_p5: powers[4] ?? null,
    power_p6: powers[5] ?? null,
  };
}

/** The contracted kW of a contract row's power periods, P1 first, without the periods its tariff lacks. */
export function contractPowers(row: {
  power_p1: number | null;
  power_p2: number | null;
  power_p3: number | null;
  power_p4: number | null;
  power_p5: number | null;
  power_p6: number | null;
}): number[] {
  return [row.power_p1, row.power_p2, row.power_p3, row.power_p4, row.power_p5, row.power_p6].filter(
    (kw): kw is number => kw !== null,
  );
}
