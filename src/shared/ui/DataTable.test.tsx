import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './DataTable';

interface Row {
  id: string;
  total: string;
  note: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'id', header: 'Número', render: (row) => row.id },
  { key: 'total', header: 'Importe Total', numeric: true, render: (row) => row.total },
  { key: 'note', header: 'Nota', render: (row) => row.note },
];

describe('DataTable', () => {
  it('keeps a table for screen readers and names each cell’s column, which the phone cards show', () => {
    render(
      <DataTable
        label="Facturas de prueba"
        caption="Facturas de prueba"
        rows={[
          { id: 'F1', total: '12,00 €', note: 'Pagada' },
          { id: 'F2', total: '7,50 €', note: '' },
        ]}
        columns={columns}
        rowKey={(row) => row.id}
      />,
    );
    const region = screen.getByRole('region', { name: 'Facturas de prueba' });
    const table = within(region).getByRole('table', { name: 'Facturas de prueba' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Número', 'Importe Total', 'Nota']);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first).getAllByRole('cell');
    expect(cells.map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['Número', 'F1'],
      ['Importe Total', '12,00 €'],
      ['Nota', 'Pagada'],
    ]);
    expect(cells[1]).toHaveClass('numeric');
    // An empty cell takes no line of a phone card.
    const note = within(second).getAllByRole('cell')[2];
    expect(note).toBeEmptyDOMElement();
    expect(note).toHaveClass('data-table__empty');
    expect(cells[2]).not.toHaveClass('data-table__empty');
  });
});
