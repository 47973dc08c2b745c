import { screen, waitFor } from '@testing-library/react';
import { signInAs } from '@/test/realSession';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { storeProduct } from './test/realInvoices';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

// The date field on an invoice screen (DECISIONS "Dates the screens fill"): what the user typed stays, with
// the message that explains it, and the search does not run.
const PRODUCT = { line: 'Electricidad', cups: 'ES0022055804950627PZ', codAbonado: '100000174' };

async function openPage() {
  await signInAs();
  storeProduct(PRODUCT);
  const rendered = await renderRoute(`/invoices/${PRODUCT.codAbonado}`);
  await screen.findByRole('heading', { name: 'Últimas 10 facturas' });
  // Desde/Hasta are filled from the default answer just after it shows; the user types over those dates.
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Hasta' })).not.toHaveValue(''));
  return rendered;
}

describe('invoice screen date fields', () => {
  it('keeps text that is not a date and a date after today, each with its message', async () => {
    const { user } = await openPage();
    const from = screen.getByRole('textbox', { name: 'Desde' });
    const to = screen.getByRole('textbox', { name: 'Hasta' });
    await user.clear(from);
    await user.type(from, '31/02/2026');
    await user.tab();
    expect(from).toHaveValue('31/02/2026');
    expect(await screen.findByText('Introduzca la fecha con el formato DD/MM/AAAA.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.clear(to);
    await user.type(to, '01/01/2999');
    await user.tab();
    expect(to).toHaveValue('01 enero 2999');
    expect(await screen.findByText('La fecha no puede ser posterior a hoy.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(from).toHaveValue('31/02/2026');
    expect(to).toHaveValue('01 enero 2999');
    expect(from).toHaveAccessibleDescription('Introduzca la fecha con el formato DD/MM/AAAA.');
    // The refused Buscar lists both in the error summary, which takes the focus (issue 14).
    await expectErrorSummary(user, [
      ['Desde', 'Introduzca la fecha con el formato DD/MM/AAAA.'],
      ['Hasta', 'La fecha no puede ser posterior a hoy.'],
    ]);
  });

  it('shows the screen range message under Desde for a date before 1 January 2004, unchanged', async () => {
    const { user } = await openPage();
    const from = screen.getByRole('textbox', { name: 'Desde' });
    await user.clear(from);
    await user.type(from, '31/12/2003');
    await user.tab();
    expect(from).toHaveValue('31 diciembre 2003');
    expect(
      await screen.findByText('Sólo es posible realizar una consulta en un rango de 12 meses.'),
    ).toBeInTheDocument();
  });
});
