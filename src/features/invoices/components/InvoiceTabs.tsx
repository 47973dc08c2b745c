import { Link } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { LINE_TABS_LABEL, TAB_ELECTRICITY, TAB_GAS } from '../invoicesMessages';
import type { LineScreen } from '../useAllInvoices';

const TABS: Record<LineScreen, { label: string; route: RouteId; other: LineScreen }> = {
  electricity: { label: TAB_ELECTRICITY, route: 'allInvoices', other: 'gas' },
  gas: { label: TAB_GAS, route: 'allInvoicesGas', other: 'electricity' },
};

/** The current line's tab, then a link to the other line's screen when the customer has its contracts. */
export function InvoiceTabs({ current, showOther }: { current: LineScreen; showOther: boolean }) {
  const other = TABS[TABS[current].other];
  return (
    <nav className="invoice-tabs" aria-label={LINE_TABS_LABEL}>
      <span className="invoice-tabs__tab invoice-tabs__tab--current" aria-current="page">
        {TABS[current].label}
      </span>
      {showOther && (
        <Link className="invoice-tabs__tab" to={pathTo(other.route)}>
          {other.label}
        </Link>
      )}
    </nav>
  );
}
