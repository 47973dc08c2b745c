import { isFlagSet, isVarios } from '../invoiceDisplay';
import type { Invoice } from '../invoicesApi';
import { LINE_ICON_UNIFIED, LINE_ICON_VARIOS } from '../invoicesMessages';

type IconKind = 'unified' | 'varios' | 'electricity' | 'gas';

// Letters rather than emoji: they render in every font and colour tells the kinds apart at a glance.
const GLYPHS: Record<IconKind, string> = { unified: 'U', varios: 'V', electricity: 'E', gas: 'G' };

export function lineIconKind(
  invoice: Pick<Invoice, 'isUnica' | 'isUnificada' | 'facturaCategoria' | 'line'>,
): IconKind {
  if (isFlagSet(invoice.isUnica) || isFlagSet(invoice.isUnificada)) return 'unified';
  if (isVarios(invoice.facturaCategoria)) return 'varios';
  return invoice.line === 'Gas' ? 'gas' : 'electricity';
}

/** The row's kind at a glance: unified, varios, electricity or gas (spec 02 §2.4), named for screen readers. */
export function LineIcon({ invoice }: { invoice: Invoice }) {
  const kind = lineIconKind(invoice);
  const names: Record<IconKind, string> = {
    unified: `${LINE_ICON_UNIFIED} (${invoice.line})`,
    varios: `${LINE_ICON_VARIOS} (${invoice.line})`,
    electricity: invoice.line,
    gas: invoice.line,
  };
  return (
    <span className={`line-icon line-icon--${kind}`} role="img" aria-label={names[kind]} title={names[kind]}>
      <span aria-hidden="true">{GLYPHS[kind]}</span>
    </span>
  );
}
