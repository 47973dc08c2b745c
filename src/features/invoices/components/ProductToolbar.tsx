import type { SelectedProduct } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { consumptionExportRequest, productZipRequest } from '../invoicesApi';
import {
  CHART_AMOUNTS,
  CHART_CONSUMPTION,
  CHART_TYPE,
  DOWNLOAD_ZIP,
  EXPORT_CONSUMPTION,
  FILE_FAILED,
  PRODUCT_ZIP_FAILED,
} from '../invoicesMessages';
import { exportBlocked, type BrokenExportLimits } from '../invoiceSchemas';
import type { ChartChoice, InvoiceFilters } from '../invoicesSlice';
import type { FileDownload } from '../useFileDownload';

const CHART_CHOICES: [ChartChoice, string][] = [
  ['consumo', CHART_CONSUMPTION],
  ['importes', CHART_AMOUNTS],
];

interface ProductToolbarProps {
  product: SelectedProduct;
  filters: Pick<InvoiceFilters, 'from' | 'to' | 'invoice'>;
  limits: BrokenExportLimits;
  /** A file on its way: the buttons wait for it. */
  pending: boolean;
  onDownload: (file: FileDownload) => void;
  chartChoice: ChartChoice;
  onChartChoice: (choice: ChartChoice) => void;
}

/** Above the product's invoices: the ZIP of its invoices, its consumption sheet and the chart's kind. */
export function ProductToolbar({
  product,
  filters,
  limits,
  pending,
  onDownload,
  chartChoice,
  onChartChoice,
}: ProductToolbarProps) {
  const fileArgs = {
    cups: product.cups,
    line: product.line,
    contractCode: product.codAbonado,
    from: filters.from,
    to: filters.to,
  };
  return (
    <div className="invoice-toolbar">
      <Button
        variant="secondary"
        disabled={pending || exportBlocked('zip', limits)}
        onClick={() =>
          onDownload({
            request: productZipRequest({ ...fileArgs, factura: filters.invoice }),
            fileName: `facturas ${product.codAbonado}.zip`,
            failureMessage: PRODUCT_ZIP_FAILED,
          })
        }
      >
        {DOWNLOAD_ZIP}
      </Button>
      <Button
        variant="secondary"
        disabled={pending || exportBlocked('excel', limits)}
        onClick={() =>
          onDownload({
            request: consumptionExportRequest(fileArgs),
            fileName: `consumos ${product.line}.xlsx`,
            failureMessage: FILE_FAILED,
          })
        }
      >
        {EXPORT_CONSUMPTION}
      </Button>
      <fieldset className="chart-choice">
        <legend>{CHART_TYPE}</legend>
        {CHART_CHOICES.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="chart-choice"
              value={value}
              checked={chartChoice === value}
              onChange={() => onChartChoice(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
