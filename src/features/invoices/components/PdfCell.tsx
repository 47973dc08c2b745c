import { Button } from '@/shared/ui/Button';
import { isFlagSet } from '../invoiceDisplay';
import { COLUMN_INVOICE, DOWNLOAD_PDF, PDF_NOT_AVAILABLE, pdfButtonLabel } from '../invoicesMessages';
import type { DataColumn } from '@/shared/ui/DataTable';

interface PdfCellProps {
  /** The invoice's canDownload flag. */
  canDownload: unknown;
  /** The invoice number as its row shows it, for the button's name. */
  number: string;
  /** While the contract pop-up is open or another file is on its way. */
  disabled: boolean;
  onPdf: () => void;
}

/** A PDF button, or PDF No disponible when the invoice has no download (spec 02 §2.5): every invoice table. */
export function PdfCell({ canDownload, number, disabled, onPdf }: PdfCellProps) {
  if (!isFlagSet(canDownload)) return <span className="muted">{PDF_NOT_AVAILABLE}</span>;
  return (
    <Button variant="link" aria-label={pdfButtonLabel(number)} disabled={disabled} onClick={onPdf}>
      {DOWNLOAD_PDF}
    </Button>
  );
}

/** The Factura column of an invoice table: each row's PdfCell, named by the number the row shows. */
export function pdfColumn<T extends { canDownload?: unknown }>(
  numberOf: (invoice: T) => string,
  { disabled, onPdf }: { disabled: boolean; onPdf: (invoice: T) => void },
): DataColumn<T> {
  return {
    key: 'pdf',
    header: COLUMN_INVOICE,
    render: (invoice) => (
      <PdfCell
        canDownload={invoice.canDownload}
        number={numberOf(invoice)}
        disabled={disabled}
        onPdf={() => onPdf(invoice)}
      />
    ),
  };
}
