import { DataTable, type DataColumn } from '@/shared/ui/DataTable';
import { invoiceRowName, invoiceTableRegion } from '../invoicesMessages';

interface InvoiceTableProps<T> {
  caption: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T, index: number) => string;
  /** The columns of a row's one line on a phone: date, amount, supply, PDF (issue 24 "Phones"). */
  summary: readonly string[];
  /** The invoice number as the row shows it, naming the row's Detalles button. */
  numberOf: (row: T) => string;
}

/** Every invoice list: a labelled, captioned data table (one line per invoice on a phone). */
export function InvoiceTable<T>({ caption, summary, numberOf, ...table }: InvoiceTableProps<T>) {
  return (
    <DataTable
      label={invoiceTableRegion(caption)}
      caption={caption}
      className="invoice-table"
      summary={{ keys: summary, rowName: (row) => invoiceRowName(numberOf(row)) }}
      {...table}
    />
  );
}
