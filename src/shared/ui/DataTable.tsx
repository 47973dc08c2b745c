import type { ReactNode, Ref } from 'react';
import { TableScroll } from './TableScroll';
import './table.css';
import './visuallyHidden.css';

export interface DataColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
  /** Long text (addresses) wraps instead of widening the table. */
  wraps?: boolean;
}

interface DataTableProps<T> {
  /** The scrolling region's name. */
  label: string;
  /** A caption for screen readers, where no heading beside the table names it. */
  caption?: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T, index: number) => string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

const cellClass = (column: { numeric?: boolean; wraps?: boolean }, empty: boolean) =>
  [column.numeric ? 'numeric' : column.wraps ? 'wraps' : '', empty ? 'data-table__empty' : '']
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * Every list of the portal: a table on a wide screen; on a phone (table.css) each row becomes a card whose cells
 * show their column's name (data-label) beside the value, so amounts and actions never sit off-screen.
 */
export function DataTable<T>({ label, caption, rows, columns, rowKey, className, ref }: DataTableProps<T>) {
  return (
    <TableScroll ref={ref} label={label}>
      <table className={`data-table data-table--cards${className ? ` ${className}` : ''}`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
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
              {columns.map((column) => {
                const value = column.render(row);
                const empty = value === '' || value === null || value === undefined;
                return (
                  <td key={column.key} data-label={column.header} className={cellClass(column, empty)}>
                    {value}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
