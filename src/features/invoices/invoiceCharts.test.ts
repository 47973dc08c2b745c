import { groupedAxisLabels } from '@/shared/ui/chartLabels';
import {
  BAR_COLOR,
  amountChartOptions,
  consumptionChartOptions,
  invoiceAmountPoints,
  listAmountChart,
} from './invoiceCharts';
import type { Invoice, ProductInvoice } from './invoicesApi';

// The fields every item carries (contract/invoices.ts); each test sets what it is about.
const identity = {
  id: 1,
  line: 'Electricidad',
  billNumber: '1',
  factura: '1',
  serieFactura: 'ENERGIA',
  serieFacturaUnica: null,
  numeroFacturaUnica: null,
  facturaCategoria: 'NO',
  isUnificada: 0,
  isUnica: 0,
  canDownload: true,
  hasProformas: 0,
} as const;

const invoice = ({
  total,
  ...overrides
}: Partial<Omit<Invoice, 'total'>> & { total?: { amount: number } }): Invoice => ({
  ...identity,
  launchDate: '2026-01-05',
  total: { amount: total?.amount ?? 10, currency: 'EUR' },
  readingDateFrom: null,
  readingDateUntil: null,
  contract: '',
  contractCode: '100000100',
  nif: '',
  cups: '',
  street: '',
  tarifa: '2.0TD',
  consumoKwh: 0,
  numeroSuministros: 1,
  Pdf: '',
  ...overrides,
});

const productInvoice = (overrides: Partial<ProductInvoice>): ProductInvoice => ({
  ...identity,
  fechaFactura: '2026-01-05',
  periodoFacturacion: { desde: null, hasta: null },
  total: { importe: 10, divisa: 'EUR', countInvoices: 1 },
  TotalConsumoEnergiaActiva: 0,
  consumoKwh: 0,
  consumoActivaP1: null,
  consumoActivaP2: null,
  consumoActivaP3: null,
  consumoActivaP4: null,
  consumoActivaP5: null,
  consumoActivaP6: null,
  PotenciaLeidaP1: null,
  tarifa: '2.0TD',
  cups: '',
  contractCode: '100000100',
  pdf: '',
  Pdf: '',
  ...overrides,
});

describe('amount chart (spec 02 §2.5, §9)', () => {
  const points = invoiceAmountPoints([
    invoice({ billNumber: '3', launchDate: '2026-03-05', total: { amount: 30.456 } }),
    invoice({ billNumber: '1', launchDate: '2026-01-05', serieFactura: 'RE', total: { amount: 10.004 } }),
    invoice({
      billNumber: '2',
      line: 'Gas',
      launchDate: '2026-02-05',
      isUnica: 1,
      isUnificada: 1,
      serieFacturaUnica: 'FU',
      numeroFacturaUnica: '77',
      total: { amount: 1234.5 },
    }),
  ]);

  it('labels points with number, line and date, sorted by date ascending', () => {
    expect(points.map((point) => point.label)).toEqual([
      'RE1 · Electricidad · 05/01/2026',
      'FU77 · Gas · 05/02/2026',
      '3 · Electricidad · 05/03/2026',
    ]);
  });

  it('rounds totals to 2 decimals', () => {
    expect(points.map((point) => point.value)).toEqual([10, 1234.5, 30.46]);
  });

  it('draws orange bars with euro tooltips', () => {
    const options = amountChartOptions(points);
    expect(options.series?.[0]).toMatchObject({
      type: 'column',
      color: BAR_COLOR,
      data: [10, 1234.5, 30.46],
    });
    expect(BAR_COLOR).toBe('#f28c28');
    expect(options.tooltip).toMatchObject({ valueSuffix: ' €', valueDecimals: 2 });
    expect((options.xAxis as { categories: string[] }).categories).toHaveLength(3);
  });
});

describe('consumption chart', () => {
  it('stacks three periods for a three-period electricity tariff', () => {
    const options = consumptionChartOptions(
      [
        productInvoice({
          fechaFactura: '2026-02-05',
          tarifa: '2.0TD',
          consumoActivaP1: 5,
          consumoActivaP3: 7,
        }),
        productInvoice({ fechaFactura: '2026-01-05', tarifa: '2.0TD', consumoActivaP1: 1 }),
      ],
      'Electricidad',
    );
    expect(options.series?.map((series) => series.name)).toEqual(['P1 Punta', 'P2 Llano', 'P3 Valle']);
    expect(options.legend).toMatchObject({ enabled: true });
    expect((options.series?.[0] as { data: number[] }).data).toEqual([1, 5]);
    expect((options.series?.[2] as { data: number[] }).data).toEqual([0, 7]);
  });

  it('shows six periods for six-period tariffs, named by their codes only', () => {
    const options = consumptionChartOptions([productInvoice({ tarifa: '3.0TD' })], 'Electricidad');
    expect(options.series?.map((series) => series.name)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
  });

  it('names the periods of the old two-period fees as the server does', () => {
    const options = consumptionChartOptions([productInvoice({ tarifa: '2.0DHA' })], 'Electricidad');
    expect(options.series?.map((series) => series.name)).toEqual(['P1 Punta', 'P2 Valle', 'P3']);
  });

  it('shows whole kWh in the tooltip without decimals, and labels each stack with its total', () => {
    const options = consumptionChartOptions(
      [productInvoice({ tarifa: '2.0TD', consumoActivaP1: 1265 })],
      'Electricidad',
    );
    expect(options.tooltip).toEqual({ valueSuffix: ' kWh', shared: true });
    expect(options.yAxis).toMatchObject({ stackLabels: { enabled: true, format: '{total:,.f} kWh' } });
  });

  it('shows six periods for 6.1A and for any invoice that bills P4-P6, so the bars add up to its kWh', () => {
    expect(consumptionChartOptions([productInvoice({ tarifa: '6.1A' })], 'Electricidad').series).toHaveLength(
      6,
    );
    const options = consumptionChartOptions(
      [productInvoice({ tarifa: '3.1A', consumoActivaP1: 2, consumoActivaP6: 40 })],
      'Electricidad',
    );
    expect(options.series?.map((series) => (series as { data: number[] }).data[0])).toEqual([
      2, 0, 0, 0, 0, 40,
    ]);
  });

  it('shows one orange kWh series for gas', () => {
    const options = consumptionChartOptions([productInvoice({ consumoKwh: 812.345, tarifa: 'RL.1' })], 'Gas');
    expect(options.series).toEqual([
      expect.objectContaining({ name: 'Consumo', color: BAR_COLOR, data: [812.35] }),
    ]);
    expect(options.tooltip).toMatchObject({ valueSuffix: ' kWh' });
    expect(options.tooltip).not.toHaveProperty('valueDecimals');
    expect(options.plotOptions?.series).toMatchObject({
      dataLabels: { enabled: true, format: '{y:,.f} kWh' },
    });
  });
});

describe('a bar that dwarfs the others', () => {
  it('labels every amount bar with its value, upright on a phone, on a linear axis from 0', () => {
    const options = amountChartOptions(
      invoiceAmountPoints([
        invoice({ billNumber: '1', total: { amount: 13623 } }),
        invoice({ billNumber: '2', total: { amount: 101.2 } }),
      ]),
    );
    expect(options.plotOptions?.series).toMatchObject({
      dataLabels: { enabled: true, format: '{y:,.2f} €', crop: false, overflow: 'allow' },
    });
    expect(options.yAxis).not.toHaveProperty('type');
    expect(options.responsive?.rules?.[0]).toMatchObject({
      condition: { maxWidth: 600 },
      chartOptions: { plotOptions: { series: { dataLabels: { rotation: -90 } } } },
    });
  });
});

describe('list chart', () => {
  it('is drawn from two invoices up and spans their launch dates', () => {
    expect(listAmountChart([invoice({})], 'Importe')).toBeNull();
    const chart = listAmountChart(
      [invoice({ launchDate: '2026-03-05' }), invoice({ billNumber: '2', launchDate: '2025-11-05' })],
      'Importe',
    );
    expect(chart?.period).toEqual({ from: '05/11/2025', to: '05/03/2026' });
    expect(chart?.title).toBe('Importe');
  });
});

describe('axis labels', () => {
  it('group four-digit values like every other number, with the unit', () => {
    const kwh = consumptionChartOptions([productInvoice({ consumoKwh: 8970, tarifa: 'RL.1' })], 'Gas');
    expect(kwh.yAxis).toMatchObject({ labels: groupedAxisLabels('kWh') });
    expect(amountChartOptions([]).yAxis).toMatchObject({ labels: groupedAxisLabels('€') });
  });
});
