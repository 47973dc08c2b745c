import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';

jest.mock('@/shared/ui/Chart', () => ({ __esModule: true, default: () => null }));

interface ContractColumns {
  code: string;
  contract: string;
}

/** The Código and Contrato cells of each body row of a table, found by their headers. */
function contractColumns(table: HTMLElement): { cells: ContractColumns; row: HTMLElement }[] {
  const [head, ...body] = within(table).getAllByRole('row');
  const headers = within(head)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const codeAt = headers.indexOf('Código');
  const contractAt = headers.indexOf('Contrato');
  return body.map((row) => {
    const cells = within(row).getAllByRole('cell');
    // The home's Contrato cell also holds the contract PDF button: its first text is the value.
    const value = (cell: HTMLElement) => (cell.firstElementChild ?? cell).textContent.trim();
    return { cells: { code: value(cells[codeAt]), contract: value(cells[contractAt]) }, row };
  });
}

/**
 * Código and Contrato are the same fields on the home tables and on the invoice lists (src/features/invoices/
 * README.md): Contrato is the contract number codAbonado, the one the contract's screens open with, and Código
 * the distributor's contract codigoContratoSICOM.
 */
it('shows the same Código and Contrato for a contract at home and on /allinvoices', async () => {
  await signInAs();
  const home = await renderRoute('/');
  const region = await screen.findByRole('region', { name: 'Contratos de electricidad' });
  await waitFor(() => expect(within(region).getAllByRole('row').length).toBeGreaterThan(1));
  const homeRows = contractColumns(within(region).getByRole('table'));
  for (const { cells, row } of homeRows) {
    const invoicesLink = within(row).getByRole('link', { name: /las facturas del contrato/ });
    expect(invoicesLink).toHaveAttribute('href', `/invoices/${cells.contract}`);
  }
  home.router.dispose();

  await renderRoute('/allinvoices');
  // The list's first search runs against the real server: on a loaded CI machine it took longer than the
  // default second once (stop 14), as the other real-server page tests allow.
  const invoiceRows = contractColumns(await screen.findByRole('table', { name: 'Facturas Simples' }));
  // Each invoice of a contract listed at home shows that contract's two values under the same headers.
  const pairs = invoiceRows.flatMap(({ cells }) => {
    const values = [cells.code, cells.contract];
    const match = homeRows.find(
      (home) => values.includes(home.cells.code) || values.includes(home.cells.contract),
    );
    return match ? [{ invoice: cells, home: match.cells }] : [];
  });
  expect(pairs.length).toBeGreaterThan(0);
  for (const { invoice, home: contract } of pairs) expect(invoice).toEqual(contract);
});
