import type { SeriesColumnOptions } from 'highcharts';
import type { SupplyPoint } from '@/shared/session/product';
import { signInAs } from '@/test/realSession';
import { consumptionChartOptions, pointLabel, roundTo2 } from './invoiceCharts';
import { productInvoiceNumber } from './invoiceNumbers';
import type { ProductInvoice } from './invoicesApi';
import { apiUrl } from './test/realInvoices';

/**
 * The consumption chart against the real server's answers for every contract of the demo customer: each
 * invoice's bars add up to the kWh its table row shows, whatever the tariff (six-period ones included).
 */
async function getJson<T>(path: string, token: string): Promise<T | null> {
  const answer = await fetch(apiUrl(path), { headers: { authorization: `Bearer ${token}` } });
  return answer.status === 200 ? ((await answer.json()) as T) : null;
}

type ListAnswer = { Invoices: { invoicesList: ProductInvoice[] } };

it('draws, for every demo contract, bars that add up to the consumption of each table row', async () => {
  const { accessToken } = await signInAs();
  const cups = await getJson<{ cupsAsociados: { select: SupplyPoint[] } }>(
    '/ov/cups/api/cupsMe',
    accessToken,
  );
  const points = cups!.cupsAsociados.select;
  const tariffsSeen = new Map<string, number>();
  for (const point of points) {
    const query = `line=${point.line}&contractCode=${point.codAbonado}&start=1&limit=10&defaultQuery=true`;
    const table = await getJson<ListAnswer>(`/ov/contracts/api/contractCode/invoices/?${query}`, accessToken);
    const chart = await getJson<ListAnswer>(
      `/ov/contracts/api/contractCode/charts/invoices/?${query}`,
      accessToken,
    );
    if (!table || !chart) continue;
    const options = consumptionChartOptions(chart.Invoices.invoicesList, point.line);
    const series = options.series as SeriesColumnOptions[];
    const categories = (options.xAxis as { categories: string[] }).categories;
    for (const row of table.Invoices.invoicesList) {
      const index = categories.indexOf(pointLabel(productInvoiceNumber(row), point.line, row.fechaFactura));
      expect(index).toBeGreaterThanOrEqual(0);
      const drawn = series.reduce((sum, each) => sum + Number((each.data as number[])[index]), 0);
      const shown = Number(row.TotalConsumoEnergiaActiva ?? row.consumoKwh ?? 0);
      expect({ contract: point.codAbonado, tariff: row.tarifa, kwh: roundTo2(drawn) }).toEqual({
        contract: point.codAbonado,
        tariff: row.tarifa,
        kwh: roundTo2(shown),
      });
    }
    tariffsSeen.set(String(chart.Invoices.invoicesList[0]?.tarifa), series.length);
  }
  // The demo data hold the six-period tolls, and they draw six series; the contracts signed on 3.0A and 6.1A
  // are billed on their successors, as every bill since June 2021 (issue 24).
  expect(tariffsSeen.get('6.1TD')).toBe(6);
  expect(tariffsSeen.get('3.0TD')).toBe(6);
  expect([...tariffsSeen.keys()].filter((tariff) => ['3.0A', '6.1A'].includes(tariff))).toEqual([]);
  expect(tariffsSeen.size).toBeGreaterThan(5);
});
