import { useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { TableScroll } from './TableScroll';
import { ROW_DETAILS, ROW_DETAILS_HEADER } from './tableMessages';
import { VisuallyHidden } from './VisuallyHidden';
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
  /**
   * Phones: each row is one line of these columns, in this order (up to four), and the rest opens with the
   * row's Detalles button or a tap on the row; `rowName` ends the button's name ("Detalles de la factura 12").
   */
  summary?: { keys: readonly string[]; rowName: (row: T) => string };
}

const cellClass = (column: { numeric?: boolean; wraps?: boolean }, empty: boolean, compact: string) =>
  [column.numeric ? 'numeric' : column.wraps ? 'wraps' : '', empty ? 'data-table__empty' : '', compact]
    .filter(Boolean)
    .join(' ') || undefined;

/** A cell's part in a compact row: its place in the summary line, or a detail shown once the row is open. */
function compactClass(summary: readonly string[] | undefined, key: string): string {
  if (!summary) return '';
  const place = summary.indexOf(key);
  return place < 0 ? 'data-table__detail' : `data-table__summary data-table__summary--${place + 1}`;
}

/** A tap on a row opens it, unless it was on one of the row's own controls. */
const tappedControl = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('button, a, input, select, textarea') !== null;

/**
 * Every list of the portal: a table on a wide screen; on a phone (table.css) each row becomes a card whose cells
 * show their column's name (data-label) beside the value, so amounts and actions never sit off-screen.
 */
export function DataTable<T>({
  label,
  caption,
  rows,
  columns,
  rowKey,
  className,
  ref,
  summary,
}: DataTableProps<T>) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const kind = summary ? 'data-table--compact' : 'data-table--cards';
  return (
    <TableScroll ref={ref} label={label}>
      <table className={`data-table ${kind}${className ? ` ${className}` : ''}`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
            {summary && (
              <th scope="col" className="data-table__toggle">
                {ROW_DETAILS_HEADER}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = rowKey(row, index);
            const isOpen = open.has(key);
            return (
              // The row's button is the keyboard's way to the same toggle; a tap anywhere else is a shortcut.
              <tr
                key={key}
                className={summary && isOpen ? 'data-table__row--open' : undefined}
                onClick={summary ? (event) => tappedControl(event) || toggle(key) : undefined}
              >
                {columns.map((column) => {
                  const value = column.render(row);
                  const empty = value === '' || value === null || value === undefined;
                  return (
                    <td
                      key={column.key}
                      data-label={column.header}
                      className={cellClass(column, empty, compactClass(summary?.keys, column.key))}
                    >
                      {value}
                    </td>
                  );
                })}
                {summary && (
                  <td className="data-table__toggle">
                    <button
                      type="button"
                      className="data-table__toggle-button"
                      aria-expanded={isOpen}
                      onClick={() => toggle(key)}
                    >
                      {ROW_DETAILS}
                      <VisuallyHidden> {summary.rowName(row)}</VisuallyHidden>
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
