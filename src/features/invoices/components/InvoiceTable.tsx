import { DataTable, type DataColumn } from '@/shared/ui/DataTable';
import { invoiceTableRegion } from '../invoicesMessages';

interface InvoiceTableProps<T> {
  caption: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T, index: number) => string;
}

/** Every invoice list: a labelled, captioned data table (cards on a phone). */
export function InvoiceTable<T>({ caption, ...table }: InvoiceTableProps<T>) {
  return (
    <DataTable label={invoiceTableRegion(caption)} caption={caption} className="invoice-table" {...table} />
  );
}
