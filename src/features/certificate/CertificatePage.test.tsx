import { findDemoContract, selectDemoContract } from '@/test/demoContracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { formatLongDate, todayIso } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
import { signInAs } from '@/test/realSession';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { FROM_AFTER_TO, NO_HOLDER_DATA, RANGE_12_MONTHS } from '@/shared/measurement/measurementMessages';
import { validateMeasurementRange } from '@/shared/measurement/measurementRange';
import { NO_CERTIFICATES } from './certificateMessages';
import { defaultCertificateRange } from './certificateRange';

jest.mock('@/shared/lib/download', () => ({
  ...jest.requireActual('@/shared/lib/download'),
  saveBlob: jest.fn(jest.requireActual('@/shared/lib/download').saveBlob),
}));

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const certificateUrl = () => `${testApiOrigin()}/api/cliente/ov/contracts/api/consumptionsCertified`;

beforeEach(() => {
  // jsdom has no object URLs; saveBlob needs them to hand the file to the browser.
  URL.createObjectURL = jest.fn(() => 'blob:certificado');
  URL.revokeObjectURL = jest.fn();
  HTMLAnchorElement.prototype.click = jest.fn();
});

type User = ReturnType<typeof import('@testing-library/user-event').default.setup>;

async function typeDate(user: User, label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

/** The last 12 complete months before `today`, worked out with Date.UTC rather than the code under test. */
function lastTwelveCompleteMonths(today: string) {
  const [year, month] = today.split('-').map(Number);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: iso(new Date(Date.UTC(year - 1, month - 1, 1))),
    to: iso(new Date(Date.UTC(year, month - 1, 0))),
  };
}

describe('certificate range', () => {
  it('opens on the last 12 complete months', () => {
    expect(defaultCertificateRange('2026-11-23')).toEqual({ from: '2025-11-01', to: '2026-10-31' });
    expect(defaultCertificateRange('2026-12-01')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(defaultCertificateRange('2026-01-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(defaultCertificateRange('2024-03-15')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('opens on a range its own 12-month rule accepts, whatever the day', () => {
    for (let day = Date.UTC(2024, 0, 1); day <= Date.UTC(2026, 10, 23); day += 86_400_000) {
      const today = new Date(day).toISOString().slice(0, 10);
      const range = defaultCertificateRange(today);
      expect([today, range]).toEqual([today, lastTwelveCompleteMonths(today)]);
      expect([today, validateMeasurementRange(range)]).toEqual([today, {}]);
    }
  });

  it('allows 12 months back from Hasta', () => {
    expect(validateMeasurementRange({ from: '2025-01-01', to: '2026-01-01' })).toEqual({});
    expect(validateMeasurementRange({ from: '2024-12-31', to: '2026-01-01' })).toEqual({
      from: RANGE_12_MONTHS,
    });
    expect(validateMeasurementRange({ from: '2026-01-02', to: '2026-01-01' })).toEqual({ to: FROM_AFTER_TO });
  });
});

describe('CertificatePage', () => {
  it('saves the PDF as Certificado-{contract}.pdf', async () => {
    const product = await selectDemoContract('3.0A');
    const { user } = await renderRoute(`/certificate/${product.codAbonado}`);
    expect(
      await screen.findByRole('heading', { name: 'Buscar Certificado de Consumos' }),
    ).toBeInTheDocument();
    await typeDate(user, 'Desde', '01/01/2026');
    await typeDate(user, 'Hasta', '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Obtener Certificado' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    const [blob, fileName] = (saveBlob as jest.Mock).mock.calls.at(-1) as [Blob, string];
    expect(fileName).toBe(`Certificado-${product.codAbonado}.pdf`);
    expect(blob.size).toBeGreaterThan(150);
    expect(await blob.slice(0, 5).text()).toBe('%PDF-');
    expect(
      await screen.findByText(`Se ha descargado el certificado Certificado-${product.codAbonado}.pdf.`),
    ).toBeInTheDocument();
  });

  it('opens on the last 12 complete months and gets the certificate untouched', async () => {
    const product = await selectDemoContract('3.0A');
    const { user } = await renderRoute(`/certificate/${product.codAbonado}`);
    const expected = lastTwelveCompleteMonths(todayIso());
    expect(await screen.findByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate(expected.from));
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue(formatLongDate(expected.to));
    // Focus through both dates and leave them as they are, as a keyboard user does.
    await user.click(screen.getByRole('textbox', { name: 'Desde' }));
    (saveBlob as jest.Mock).mockClear();
    for (let i = 0; i < 4; i += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'Obtener Certificado' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Desde' })).toHaveValue(formatLongDate(expected.from));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect((saveBlob as jest.Mock).mock.calls.at(-1)?.[1]).toBe(`Certificado-${product.codAbonado}.pdf`);
  });

  it('shows the not-found text for a range without consumption (no body)', async () => {
    const product = await selectDemoContract('3.0A');
    const { user } = await renderRoute(`/certificate/${product.codAbonado}`);
    await typeDate(await waitForForm(user), 'Desde', '01/01/2010');
    await typeDate(user, 'Hasta', '31/03/2010');
    await user.click(screen.getByRole('button', { name: 'Obtener Certificado' }));
    expect(await screen.findByText(NO_CERTIFICATES)).toBeInTheDocument();
  });

  it.each([
    [
      'a file under 150 bytes',
      () => new HttpResponse('%PDF-1.4 vacío', { headers: { 'content-type': 'application/pdf' } }),
    ],
    ['a server error', () => HttpResponse.json({ code: 500, message: 'Error interno' }, { status: 500 })],
    ['no answer', () => HttpResponse.error()],
  ])('shows the not-found text for %s', async (_, answer) => {
    const product = await selectDemoContract('3.0A');
    faults.use(http.get(certificateUrl(), answer));
    const { user } = await renderRoute(`/certificate/${product.codAbonado}`);
    await waitForForm(user);
    await user.click(screen.getByRole('button', { name: 'Obtener Certificado' }));
    expect(await screen.findByText(NO_CERTIFICATES)).toBeInTheDocument();
  });

  it('validates the dates before asking', async () => {
    const product = await selectDemoContract('3.0A');
    const { user } = await renderRoute(`/certificate/${product.codAbonado}`);
    await typeDate(await waitForForm(user), 'Desde', '01/01/2024');
    await typeDate(user, 'Hasta', '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Obtener Certificado' }));
    await waitFor(() => expect(screen.getByLabelText('Desde')).toHaveAccessibleDescription(RANGE_12_MONTHS));
    // The error summary takes the focus and leads to Desde (issue 14).
    await expectErrorSummary(user, [['Desde', RANGE_12_MONTHS]]);
  });

  it('says so when the contract is not among the products of the session', async () => {
    await signInAs();
    await renderRoute('/certificate/999999999');
    expect(await screen.findByText(NO_HOLDER_DATA)).toBeInTheDocument();
  });

  it('opens from a link with nothing of the contract in the session (a new tab): looks it up', async () => {
    const point = await findDemoContract('3.0A');
    await renderRoute(`/certificate/${point.codAbonado}`);
    expect(await screen.findByRole('button', { name: 'Obtener Certificado' })).toBeInTheDocument();
    expect(screen.getByText(point.cups)).toBeInTheDocument();
  });
});

async function waitForForm(user: User): Promise<User> {
  await screen.findByRole('button', { name: 'Obtener Certificado' });
  return user;
}
