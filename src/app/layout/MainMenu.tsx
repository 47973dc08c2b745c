import { Link, useMatches } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import {
  selectContractTotals,
  selectCupsList,
  type CupsList,
  type SelectedProduct,
  type StateWithProducts,
} from '@/shared/session/product';
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
};

interface MenuItem {
  section: Section;
  label: string;
  to: string;
}

const selectSelectedProduct = (state: StateWithProducts) => state.contracts.selectedProduct;

function firstContract(cups: CupsList | null, line: 'Electricidad' | 'Gas'): string | null {
  return Object.keys(cups?.[line] ?? {})[0] ?? null;
}

/**
 * Consumo has no page of its own: telemetry and load curves belong to one contract. It opens the telemetry of the
 * electricity contract the customer last chose on the home (else their first one); from there the load curve and
 * the certificate are one link away. A customer with gas only gets the consumption certificate of their chosen
 * (else first) gas contract, the consumption screen gas has. With no contract known there is no Consumo.
 */
export function consumptionPath(cups: CupsList | null, selected: SelectedProduct | null): string | null {
  if (selected?.line === 'Electricidad') return pathTo('telemetry', { id: selected.codAbonado });
  const electricity = firstContract(cups, 'Electricidad');
  if (electricity) return pathTo('telemetry', { id: electricity });
  if (selected?.line === 'Gas') return pathTo('certificate', { id: selected.codAbonado });
  const gas = firstContract(cups, 'Gas');
  return gas ? pathTo('certificate', { id: gas }) : null;
}

function useMenuItems(isAdministrador: boolean): MenuItem[] {
  const cups = useAppSelector(selectCupsList);
  const selected = useAppSelector(selectSelectedProduct);
  const totals = useAppSelector(selectContractTotals);
  const account: MenuItem = { section: 'account', label: MY_ACCOUNT, to: pathTo('userAdmin') };
  if (isAdministrador) {
    return [{ section: 'invoices', label: MENU_INVOICES, to: pathTo('adminHome') }, account];
  }
  // A customer with gas only has no electricity invoices: Facturas opens the gas list for them.
  const gasOnly = totals.totalContractsElectricidad === 0 && (totals.totalContractsGas ?? 0) > 0;
  const consumption = consumptionPath(cups, selected);
  return [
    { section: 'home', label: MENU_HOME, to: pathTo('home') },
    { section: 'invoices', label: MENU_INVOICES, to: pathTo(gasOnly ? 'allInvoicesGas' : 'allInvoices') },
    ...(consumption ? [{ section: 'consumption' as const, label: MENU_CONSUMPTION, to: consumption }] : []),
    { section: 'requests', label: MENU_REQUESTS, to: pathTo('issues') },
    account,
  ];
}

interface MainMenuProps {
  id: string;
  isAdministrador: boolean;
  /** Called when a link is followed, so the phone menu can close. */
  onNavigate: () => void;
}

/** The signed-in user's sections; the current one carries aria-current="page", on its sub-pages too. */
export function MainMenu({ id, isAdministrador, onNavigate }: MainMenuProps) {
  const matches = useMatches();
  const current = matches
    .map((match) => SECTION_OF[match.id as RouteId])
    .find((section) => section !== undefined);
  const items = useMenuItems(isAdministrador);
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
