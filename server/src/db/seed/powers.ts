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
