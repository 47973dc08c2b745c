import { overlappingText, pdfLines, pdfPages } from '../../test/pdfText';
import type { CertificateData, MonthlyConsumption } from './certificateFacts';
import { buildCertificatePdf } from './certificatePdf';
import { pdfToBuffer } from './pdf';

const SECRET = new TextEncoder().encode('a server secret of thirty-two bytes!');

function months(surplus: number): MonthlyConsumption[] {
  return ['2025-11', '2025-12', '2026-01'].map((month, i) => ({
    month,
    from: `${month}-01`,
    to: `${month}-${i === 2 ? '20' : '30'}`,
    active: 1234.567 + i * 1000,
    reactive: 98.765 + i,
    surplus: surplus * (i + 1),
  }));
}

function data(surplus: number, issuedOn = '2026-01-21'): CertificateData {
  return {
    holderName: 'María García López',
    holderNif: '12345678Z',
    cups: 'ES0021000000000001AB0F',
    contractCode: '100000589',
    tariff: '2.0TD',
    supplyAddress: 'Calle Mayor 1, 28013 Madrid (Madrid)',
    from: '2025-11-01',
    to: '2026-01-20',
    months: months(surplus),
    issuedOn,
  };
}

const render = (certificate: CertificateData) => pdfToBuffer(buildCertificatePdf(certificate, SECRET));

describe('consumption certificate PDF', () => {
  it.each([
    ['with surplus', 250.5],
    ['without surplus', 0],
  ])('draws no text over another (%s)', async (_kind, surplus) => {
    const pages = await pdfPages(await render(data(surplus)));
    for (const page of pages) expect(overlappingText(page)).toEqual([]);
  });

  it('lists each month with its grouped kWh, the totals, the holder, CUPS, period and issue date', async () => {
    const lines = await pdfLines(await render(data(250.5)));
    expect(lines).toContain('Titular: María García López');
    expect(lines).toContain('CUPS: ES0021000000000001AB0F');
    expect(lines).toContain('Periodo solicitado: del 01/11/2025 al 20/01/2026');
    expect(lines).toContain('Noviembre 2025 01/11/2025 30/11/2025 1.234,57 98,77 250,50');
    expect(lines).toContain('Enero 2026 01/01/2026 20/01/2026 3.234,57 100,77 751,50');
    // The total is the sum of the rows as printed (1.234,57 + 2.234,57 + 3.234,57), not of unrounded values.
    expect(lines).toContain('Diciembre 2025 01/12/2025 30/12/2025 2.234,57 99,77 501,00');
    expect(lines).toContain('Total 01/11/2025 20/01/2026 6.703,71 299,31 1.503,00');
    expect(lines.join('\n')).toContain('a 21 de enero de 2026');
  });

  it('shows the surplus column only where the contract has surplus', async () => {
    const withSurplus = (await pdfLines(await render(data(10)))).join('\n');
    const without = (await pdfLines(await render(data(0)))).join('\n');
    expect(withSurplus).toContain('Excedentes');
    expect(without).not.toContain('Excedentes');
  });

  it('prints a verification code in groups, the same for the same contract, range and issue date', async () => {
    const code = async (certificate: CertificateData) =>
      /Código de verificación: ((?:[0-9A-Z]{4}-){3}[0-9A-Z]{4})/.exec(
        (await pdfLines(await render(certificate))).join('\n'),
      )?.[1];
    const first = await code(data(0));
    expect(first).toMatch(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
    expect(await code(data(0))).toBe(first);
    expect(await code(data(0, '2026-01-22'))).not.toBe(first);
    expect(await code({ ...data(0), contractCode: '100000590' })).not.toBe(first);
    expect(await code({ ...data(0), to: '2026-01-19' })).not.toBe(first);
  });
});
