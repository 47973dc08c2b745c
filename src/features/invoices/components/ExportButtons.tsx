import { Button } from '@/shared/ui/Button';
import { Skeleton } from '@/shared/ui/Skeleton';
import type { ExportFormat } from '../invoicesApi';
import { exportBlocked, type BrokenExportLimits } from '../invoiceSchemas';
import { EXCEL, PDF, ZIP, exportButtonLabel, exportsGroupLabel } from '../invoicesMessages';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'excel', label: EXCEL },
  { format: 'pdf', label: PDF },
  { format: 'zip', label: ZIP },
];

export interface LineExport {
  line: string;
  count: number;
}

interface ExportButtonsProps {
  lines: LineExport[];
  limits: BrokenExportLimits;
  /** While the contract pop-up is open or a file is on its way. */
  disabled?: boolean;
  /** Before the first answer: every line's row, its buttons as skeletons, so the page does not move. */
  loading?: boolean;
  onExport: (format: ExportFormat, line: string) => void;
}

/** Excel, PDF and ZIP per line, only for lines whose count is above 0; blocked past the export limits. */
export function ExportButtons({
  lines,
  limits,
  disabled = false,
  loading = false,
  onExport,
}: ExportButtonsProps) {
  if (loading) {
    return (
      <div className="invoice-exports" aria-hidden="true">
        {lines.map(({ line }) => (
          <div key={line} className="invoice-exports__line">
            <span className="invoice-exports__name">{line}</span>
            {FORMATS.map(({ format }) => (
              <Skeleton key={format} size="button" silent />
            ))}
          </div>
        ))}
      </div>
    );
  }
  const shown = lines.filter((entry) => entry.count > 0);
  if (shown.length === 0) return null;
  return (
    <div className="invoice-exports">
      {shown.map(({ line }) => (
        <div key={line} className="invoice-exports__line" role="group" aria-label={exportsGroupLabel(line)}>
          <span className="invoice-exports__name">{line}</span>
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="secondary"
              className="invoice-exports__button"
              aria-label={exportButtonLabel(label, line)}
              disabled={disabled || exportBlocked(format, limits)}
              onClick={() => onExport(format, line)}
            >
              {label}
            </Button>
          ))}
        </div>
      ))}
    </div>
  );
}
