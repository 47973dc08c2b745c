import type { SimulatorAnswer, SimulatorOption } from '@contract/simulator';
import { chartTable } from '@/shared/ui/chartTable';
import { POWER_NOT_NUMBER, POWER_NOT_POSITIVE, POWER_TOO_HIGH } from './loadCurveMessages';
import { simulatorChartOptions, simulatorCsv, simulatorSchema, typedPower } from './simulatorView';

const option = (
  label: string,
  yearlyCost: number,
  extra: Partial<SimulatorOption> = {},
): SimulatorOption => ({
  kind: 'potencia',
  offer: 'ACTUAL',
  label,
  powers: [4.6, 4.6],
  yearlyCost,
  difference: 0,
  exceededHours: 0,
  worstHour: null,
  warning: null,
  ...extra,
});

const errorOf = (potencia: string) =>
  simulatorSchema.validate({ potencia, oferta: '' }).then(
    () => null,
    (error: Error) => error.message,
  );

describe('simulator view', () => {
  it('reads a power typed the Spanish way and refuses what 2.0TD cannot take', async () => {
    expect(typedPower('4,6')).toBe(4.6);
    expect(typedPower(' 10.35 ')).toBe(10.35);
    expect(typedPower('4,6 kW')).toBeNaN();
    expect(await errorOf('')).toBeNull();
    expect(await errorOf('15')).toBeNull();
    expect(await errorOf('mucho')).toBe(POWER_NOT_NUMBER);
    expect(await errorOf('0')).toBe(POWER_NOT_POSITIVE);
    expect(await errorOf('15,01')).toBe(POWER_TOO_HIGH);
  });

  it('charts one bar per option whose table shows no total (options are alternatives)', () => {
    const answer = { options: [option('Contrato actual', 1000), option('Otra', 900)] } as SimulatorAnswer;
    const table = chartTable(simulatorChartOptions(answer));
    expect(table.rows.map((row) => [row.label, row.values[0]])).toEqual([
      ['Contrato actual', 1000],
      ['Otra', 900],
    ]);
    expect(table.totals).toEqual([null]);
  });

  it('writes the CSV with Spanish numbers and a would-be formula made plain', () => {
    const csv = simulatorCsv([
      option('=HYPERLINK("x")', 1234.5, { difference: -12.3, exceededHours: 1256, warning: 'Aviso' }),
    ]);
    const [, row] = csv.trim().split('\r\n');
    expect(row).toBe(`"'=HYPERLINK(""x"")";"4,60";"1.234,50";"-12,30";"1.256";"Aviso"`);
  });
});
