import type { ReactNode } from 'react';
import { TableScroll } from '@/shared/ui/TableScroll';

export interface InvoiceColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
  /** Long text (addresses) wraps instead of widening the table. */
  wraps?: boolean;
}

interface InvoiceTableProps<T> {
  caption: string;
  rows: T[];
  columns: InvoiceColumn<T>[];
  rowKey: (row: T, index: number) => string;
}

/** A scrollable, labelled data table: the shape of every invoice list. */
export function InvoiceTable<T>({ caption, rows, columns, rowKey }: InvoiceTableProps<T>) {
  return (
    <TableScroll label={caption}>
      <table className="data-table invoice-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={column.numeric ? 'numeric' : column.wraps ? 'wraps' : undefined}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
