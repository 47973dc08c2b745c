import { Link, useMatches } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { shallowEqual } from 'react-redux';
import { selectContractTotals, type SelectedProduct } from '@/shared/session/product';
import { selectCurrentSupply } from '@/shared/session/supplies';
import { useAppSelector } from '@/shared/store/hooks';
import {
  MAIN_NAV_LABEL,
  MENU_CONSUMPTION,
  MENU_HOME,
  MENU_INVOICES,
  MENU_REQUESTS,
  MY_ACCOUNT,
} from './layoutMessages';

type Section = 'home' | 'invoices' | 'consumption' | 'requests' | 'account';

/** The section each signed-in route belongs to: a contract's screens count under their kind, not the home. */
const SECTION_OF: Partial<Record<RouteId, Section>> = {
  home: 'home',
  invoices: 'invoices',
  allInvoices: 'invoices',
  allInvoicesGas: 'invoices',
  adminHome: 'invoices',
  telemetry: 'consumption',
  loadCurve: 'consumption',
  certificate: 'consumption',
  readingInput: 'consumption',
  issues: 'requests',
  issueDetail: 'requests',
  newIssue: 'requests',
  userAdmin: 'account',
  attention: 'requests',
  attentionDetail: 'requests',
};

interface MenuItem {
  section: Section;
  label: string;
  to: string;
}

/**
 * Consumo has no page of its own: it opens the consumption screen of the customer's current supply (DECISIONS
 * "The selected supply"): telemetry for electricity, from where the load curve and the certificate are one link
 * away; the certificate for gas, the consumption screen gas has. With no supply known there is no Consumo.
 */
export function consumptionPath(current: SelectedProduct | null): string | null {
  if (!current) return null;
  return pathTo(current.line === 'Gas' ? 'certificate' : 'telemetry', { id: current.codAbonado });
}

/** Facturas opens the invoices of the current supply; before the CUPS list is known, the all-invoices list. */
export function invoicesPath(current: SelectedProduct | null, gasOnly: boolean): string {
  if (current) return pathTo('invoices', { id: current.codAbonado });
  return pathTo(gasOnly ? 'allInvoicesGas' : 'allInvoices');
}

function useMenuItems(isAdministrador: boolean, isAtencion: boolean): MenuItem[] {
  const current = useAppSelector(selectCurrentSupply, shallowEqual);
  const totals = useAppSelector(selectContractTotals);
  // The staff's realm has their queue and nothing of a customer's (issue 27).
  if (isAtencion) return [{ section: 'requests', label: MENU_REQUESTS, to: pathTo('attention') }];
  const account: MenuItem = { section: 'account', label: MY_ACCOUNT, to: pathTo('userAdmin') };
  if (isAdministrador) {
    return [{ section: 'invoices', label: MENU_INVOICES, to: pathTo('adminHome') }, account];
  }
  // A customer with gas only has no electricity invoices: without a supply known, Facturas opens the gas list.
  const gasOnly = totals.totalContractsElectricidad === 0 && (totals.totalContractsGas ?? 0) > 0;
  const consumption = consumptionPath(current);
  return [
    { section: 'home', label: MENU_HOME, to: pathTo('home') },
    { section: 'invoices', label: MENU_INVOICES, to: invoicesPath(current, gasOnly) },
    ...(consumption ? [{ section: 'consumption' as const, label: MENU_CONSUMPTION, to: consumption }] : []),
    { section: 'requests', label: MENU_REQUESTS, to: pathTo('issues') },
    account,
  ];
}

interface MainMenuProps {
  id: string;
  isAdministrador: boolean;
  isAtencion: boolean;
  /** Called when a link is followed, so the phone menu can close. */
  onNavigate: () => void;
}

/** The signed-in user's sections; the current one carries aria-current="page", on its sub-pages too. */
export function MainMenu({ id, isAdministrador, isAtencion, onNavigate }: MainMenuProps) {
  const matches = useMatches();
  const current = matches
    .map((match) => SECTION_OF[match.id as RouteId])
    .find((section) => section !== undefined);
  const items = useMenuItems(isAdministrador, isAtencion);
  return (
    <nav id={id} className="header__menu" aria-label={MAIN_NAV_LABEL}>
      <ul className="header__inner header__menu-list">
        {items.map((item) => (
          <li key={item.section}>
            <Link
              to={item.to}
              className="header__menu-link"
              aria-current={item.section === current ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
