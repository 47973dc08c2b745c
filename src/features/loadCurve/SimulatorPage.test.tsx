import { screen, within } from '@testing-library/react';
import type { SimulatorAnswer } from '@contract/simulator';
import { saveText } from '@/shared/lib/download';
import { formatNumber, formatQuantity } from '@/shared/lib/money';
import { REAL_SERVER_WAIT_MS } from '@/test/realServerWait';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { POWER_NOT_NUMBER, POWER_TOO_HIGH } from './loadCurveMessages';

// Highcharts does not render under jsdom: the stub names the chart's bars.
jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: ({ options, ariaLabel }: { options: import('highcharts').Options; ariaLabel: string }) => (
    <div role="figure" aria-label={ariaLabel}>
      {(options.xAxis as { categories: string[] }).categories.join(' | ')}
    </div>
  ),
}));

jest.mock('@/shared/lib/download', () => ({
  ...jest.requireActual('@/shared/lib/download'),
  saveText: jest.fn(),
}));

/** The demo customer's 2.0TD supply. */
const CONTRACT = '100000174';
let token: string;

beforeEach(async () => {
  ({ accessToken: token } = await signInAs());
});

async function simulation(query = ''): Promise<SimulatorAnswer> {
  const answer = await fetch(
    `${testApiOrigin()}/api/cliente/ov/cups/api/simulador?contractCode=${CONTRACT}${query}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  return (await answer.json()) as SimulatorAnswer;
}

const optionsTable = () =>
  screen.findByRole('table', { name: 'Opciones simuladas' }, { timeout: REAL_SERVER_WAIT_MS });

describe('¿Me conviene otra tarifa o potencia?', () => {
  it('shows every option with its yearly cost and difference, and a typed power with its exceeded hours', async () => {
    const expected = await simulation();
    const { user } = await renderRoute(`/simulador/${CONTRACT}`);
    const table = await optionsTable();
    for (const option of expected.options) {
      const row = within(table).getByRole('row', {
        name: new RegExp(`^${option.label.replace(/[()]/g, '\\$&')}`),
      });
      expect(row).toHaveTextContent(formatNumber(option.yearlyCost));
      expect(row).toHaveTextContent(formatNumber(option.difference));
    }

    await user.type(screen.getByLabelText('Otra potencia a simular (kW)'), '0,5');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    const typed = (await simulation('&potenciaP1=0.5&potenciaP2=0.5')).options.at(-1)!;
    const row = await within(await optionsTable()).findByRole(
      'row',
      { name: /^Potencia indicada: 0,50 kW/ },
      { timeout: REAL_SERVER_WAIT_MS },
    );
    expect(row).toHaveTextContent(formatQuantity(typed.exceededHours));
    expect(row).toHaveTextContent(typed.warning!);
  });

  it('exports the options as CSV', async () => {
    const expected = await simulation();
    const { user } = await renderRoute(`/simulador/${CONTRACT}`);
    await optionsTable();
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    const [text, name] = jest.mocked(saveText).mock.calls.at(-1)!;
    expect(name).toBe(`simulador-${CONTRACT}.csv`);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Opción";"Potencia \(kW\)";"Coste al año \(€\/año\)"/);
    expect(lines).toHaveLength(expected.options.length + 1);
    expect(lines[1]).toContain(`"${formatNumber(expected.options[0].yearlyCost)}"`);
  });

  it('tells a power that is no number or above 15 kW in Spanish, before asking', async () => {
    const { user } = await renderRoute(`/simulador/${CONTRACT}`);
    await optionsTable();
    const field = screen.getByLabelText('Otra potencia a simular (kW)');
    await user.type(field, 'mucha');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    expect((await screen.findAllByText(POWER_NOT_NUMBER)).length).toBeGreaterThan(0);
    await user.clear(field);
    await user.type(field, '16');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    expect((await screen.findAllByText(POWER_TOO_HIGH)).length).toBeGreaterThan(0);
  });

  it('says why a contract cannot be simulated, without a "Reintentar" that would get the same answer', async () => {
    // The demo customer's first contract, not billed yet: the server refuses it with its reason.
    const unbilled = '100000154';
    const answer = await fetch(
      `${testApiOrigin()}/api/cliente/ov/cups/api/simulador?contractCode=${unbilled}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(409);
    const { message } = (await answer.json()) as { message: string };
    await renderRoute(`/simulador/${unbilled}`);
    expect(await screen.findByText(message, {}, { timeout: REAL_SERVER_WAIT_MS })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });
});
