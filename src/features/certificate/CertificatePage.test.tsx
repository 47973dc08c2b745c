import { selectDemoContract } from '@/test/demoContracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveBlob } from '@/shared/lib/download';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { FROM_AFTER_TO, NO_CERTIFICATES, NO_HOLDER_DATA, RANGE_12_MONTHS } from './certificateMessages';
import { defaultCertificateRange, validateCertificateRange } from './certificateRange';

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

describe('certificate range', () => {
  it('opens on the week ending yesterday and allows 12 months back from Hasta', () => {
    expect(defaultCertificateRange('2026-05-10')).toEqual({ from: '2026-05-03', to: '2026-05-09' });
    expect(validateCertificateRange({ from: '2025-01-01', to: '2026-01-01' })).toEqual({});
    expect(validateCertificateRange({ from: '2024-12-31', to: '2026-01-01' })).toEqual({
      from: RANGE_12_MONTHS,
    });
    expect(validateCertificateRange({ from: '2026-01-02', to: '2026-01-01' })).toEqual({ to: FROM_AFTER_TO });
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
    expect(await screen.findByText(RANGE_12_MONTHS)).toBeInTheDocument();
  });

  it('says so when the contract is not among the products of the session', async () => {
    await signInAs();
    await renderRoute('/certificate/999999999');
    expect(await screen.findByText(NO_HOLDER_DATA)).toBeInTheDocument();
  });
});

async function waitForForm(user: User): Promise<User> {
  await screen.findByRole('button', { name: 'Obtener Certificado' });
  return user;
}
