import { screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { activeFilters } from './activeFilters';
import { emptyFilters } from './invoicesSlice';

jest.mock('@/shared/ui/Chart', () => ({
  __esModule: true,
  default: jest.requireActual('./test/realInvoices').StubChart,
}));

// Real-server answers on a busy machine: a generous wait, never a timing assertion.
describe('invoice lists on a phone (issue 24 "Phones")', () => {
  it('fold the filters behind Filtrar, which says what the list is filtered by', async () => {
    await signInAs();
    const { user } = await renderRoute('/allinvoices');
    const filtrar = await screen.findByRole('button', { name: 'Filtrar' });
    expect(filtrar).toHaveAttribute('aria-expanded', 'false');
    const filters = document.getElementById(filtrar.getAttribute('aria-controls') ?? '');
    expect(filters).toContainElement(screen.getByRole('form', { name: 'Filtros de facturas' }));
    // Once the default answer filled the dates, the fold says them.
    await waitFor(() =>
      expect(screen.getByText(/^Filtros: Desde \d\d\/\d\d\/\d{4} · Hasta \d\d\/\d\d\/\d{4}$/)).toBeVisible(),
    );
    await user.click(filtrar);
    expect(filtrar).toHaveAttribute('aria-expanded', 'true');
  });

  it('give each invoice one line and a Detalles button that opens the rest', async () => {
    await signInAs();
    const { user } = await renderRoute('/allinvoices');
    const table = await screen.findByRole('table', { name: 'Facturas Simples' });
    const row = within(table).getAllByRole('row')[1];
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`);
    // The line: date, amount, supply (the contract), PDF; the rest are details.
    expect(cell('Fecha de Factura')).toHaveClass('data-table__summary--1');
    expect(cell('Importe Total')).toHaveClass('data-table__summary--2');
    expect(cell('Contrato')).toHaveClass('data-table__summary--3');
    expect(cell('Factura')).toHaveClass('data-table__summary--4');
    expect(cell('NIF')).toHaveClass('data-table__detail');
    const details = within(row).getByRole('button', { name: /^Detalles de la factura \S+$/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    details.focus();
    await user.keyboard('{Enter}');
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(row).toHaveClass('data-table__row--open');
    // A tap elsewhere on the row closes it again; a tap on its PDF button would not.
    await user.click(cell('NIF')!);
    expect(details).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('activeFilters', () => {
  const filters = { ...emptyFilters, from: '2026-10-08', to: '2026-11-08' };

  it('says the dates and each filter of the screen that has a value', () => {
    expect(
      activeFilters({ ...filters, contract: '123', cups: ' ', line: 'Todo' }, ['line', 'contract', 'cups']),
    ).toEqual(['Desde 08/10/2026', 'Hasta 08/11/2026', 'Contrato 123']);
  });

  it('says the amount range once a slider moved, and only on screens that have it', () => {
    const moved = { ...filters, minPrice: 12, maxPrice: 1500 };
    expect(activeFilters(moved, ['minPrice', 'maxPrice'])).toEqual([
      'Desde 08/10/2026',
      'Hasta 08/11/2026',
      'Rango importes 12,00 € – 1.500,00 €',
    ]);
    expect(activeFilters(moved, ['contract'])).toHaveLength(2);
  });

  it('says the number alone for a single-invoice search', () => {
    expect(activeFilters(filters, ['contract'], 'FE123')).toEqual(['Número de factura FE123']);
  });
});
