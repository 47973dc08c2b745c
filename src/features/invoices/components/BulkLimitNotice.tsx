import { Notification } from '@/shared/ui/Notification';
import type { BrokenExportLimits } from '../invoiceSchemas';
import {
  BULK_LIMIT,
  LIMITS_BROKEN,
  LIMIT_EXCEL,
  LIMIT_ONE_YEAR,
  LIMIT_PDF_ZIP,
  currentResults,
} from '../invoicesMessages';

/** The full bulk-limit message of spec 02 §8, listing only the limits the current results break. */
export function BulkLimitNotice({ count, limits }: { count: number; limits: BrokenExportLimits }) {
  if (!limits.excel && !limits.pdfZip && !limits.range) return null;
  return (
    <Notification kind="info">
      <p className="bulk-limit__lead">{BULK_LIMIT}</p>
      <p className="bulk-limit__count">{currentResults(count)}</p>
      <p className="bulk-limit__title">{LIMITS_BROKEN}</p>
      <ul className="bulk-limit__list">
        {limits.excel && <li>{LIMIT_EXCEL}</li>}
        {limits.pdfZip && <li>{LIMIT_PDF_ZIP}</li>}
        {limits.range && <li>{LIMIT_ONE_YEAR}</li>}
      </ul>
    </Notification>
  );
}
