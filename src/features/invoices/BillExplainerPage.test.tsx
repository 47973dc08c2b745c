import { screen, within } from '@testing-library/react';
import type { BillExplanation } from '@contract/billExplainer';
import { formatMoney } from '@/shared/lib/money';
import { REAL_SERVER_WAIT_MS } from '@/test/realServerWait';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { apiUrl, productInvoices, storeProduct } from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

const PRODUCT = { line: 'Electricidad', cups: 'ES0022055804950627PZ', codAbonado: '100000174' };
let token: string;

beforeEach(async () => {
  ({ accessToken: token } = await signInAs());
});

async function explanationOf(id: number): Promise<BillExplanation> {
  const answer = await fetch(apiUrl(`/ov/invoices/api/explicacion/${id}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await answer.json()) as BillExplanation;
}

describe('¿Por qué ha cambiado mi factura?', () => {
  it('opens from an invoice row and shows the sentence and the parts as a table', async () => {
    storeProduct(PRODUCT);
    const [latest] = await productInvoices(token, PRODUCT.line, PRODUCT.codAbonado);
    const explanation = await explanationOf(latest.id);
    const { user } = await renderRoute(`/invoices/${PRODUCT.codAbonado}`);
    const table = await screen.findByRole('table', { name: 'Facturas' }, { timeout: REAL_SERVER_WAIT_MS });
    const [link] = within(table).getAllByRole('link', { name: /^¿Por qué ha cambiado\?/ });
    await user.click(link);
    expect(
      await screen.findByText(explanation.sentence, {}, { timeout: REAL_SERVER_WAIT_MS }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver como tabla' }));
    const parts = screen.getByRole('table', { name: /Diferencia por conceptos/ });
    const previous = explanation.supplies[0].previous!;
    for (const part of previous.parts) {
      const row = within(parts).getByRole('row', { name: new RegExp(`^${part.label}`) });
      expect(row).toHaveTextContent(formatMoney(part.euros));
    }
  });

  it('opens from the home’s latest invoice', async () => {
    const { user } = await renderRoute('/');
    const link = await screen.findByRole(
      'link',
      { name: '¿Por qué ha cambiado mi factura?' },
      { timeout: REAL_SERVER_WAIT_MS },
    );
    const id = Number(/facturas\/(\d+)\/explicacion/.exec(link.getAttribute('href')!)![1]);
    const explanation = await explanationOf(id);
    await user.click(link);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: `Factura ${explanation.number}` },
        { timeout: REAL_SERVER_WAIT_MS },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(explanation.sentence)).toBeInTheDocument();
  });
});
