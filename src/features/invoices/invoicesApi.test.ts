import { setRuntimeConfig } from '@/shared/config/runtimeConfig';
import { testRuntimeConfig } from '@/test/testConfig';
import { bulkExportRequest, proformaRequest, readPriceLimits } from './invoicesApi';

describe('price limits', () => {
  it('reads both documented shapes', () => {
    expect(readPriceLimits({ minImportClientInvoice: -35, maxImportClientInvoice: 1890 })).toEqual({
      min: -35,
      max: 1890,
    });
    expect(readPriceLimits({ invoiceMinImport: '12.4', invoiceMaxImport: '99.2' })).toEqual({
      min: 12,
      max: 100,
    });
  });

  it('falls back to -10000..10000 on anything unreadable', () => {
    expect(readPriceLimits(null)).toEqual({ min: -10000, max: 10000 });
    expect(readPriceLimits({ invoiceMinImport: 'x', invoiceMaxImport: 3 })).toEqual({
      min: -10000,
      max: 10000,
    });
    expect(readPriceLimits({ minImportClientInvoice: 50, maxImportClientInvoice: 50 })).toEqual({
      min: -10000,
      max: 10000,
    });
  });
});

describe('file requests', () => {
  it('exports one line with the filters and the documented names', () => {
    const filters = {
      from: '2026-01-01',
      to: '2026-02-01',
      cups: ' ES0022 ',
      invoice: '',
      minPrice: -10,
      maxPrice: 90,
      isDefaultQuery: false,
    };
    const excel = bulkExportRequest('excel', 'Electricidad', filters);
    expect(excel.url).toBe('/ov/invoices/api/Electricidad');
    expect(excel.fileName).toBe('facturas Electricidad.xlsx');
    expect(excel.params).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      cups: 'ES0022',
      minPrice: -10,
      maxPrice: 90,
      isDefaultQuery: false,
      line: 'Electricidad',
    });
    expect(bulkExportRequest('pdf', 'Gas', filters).fileName).toBe('facturas Gas.pdf');
    const zip = bulkExportRequest('zip', 'Gas', { ...filters, from: '', to: '' });
    expect(zip.url).toBe('/ov/invoices/api/fullbilling/allinRar/Gas');
    expect(zip.fileName).toBe('facturas Gas.rar');
    expect(zip.params).toMatchObject({ startDate: '0', endDate: '0' });
  });

  it('asks for proformas with the documented headers', () => {
    setRuntimeConfig(testRuntimeConfig({ brandCode: 'EDI' }));
    expect(proformaRequest('zip', 'FU', '2600042', 'Gas').headers).toMatchObject({
      serieFactura: 'FU',
      numeroFactura: '2600042',
      linea: 'Gas',
      nombreMarca: 'EDI',
    });
  });
});
