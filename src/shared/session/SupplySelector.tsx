import { useEffect, useId, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { productSelected, selectCupsList, type SupplyPoint } from './product';
import { hasEnded, productOf, supplyAddress, supplyChoices } from './supplies';
import {
  SUPPLY_ENDED,
  SUPPLY_HINT,
  SUPPLY_LABEL,
  SUPPLY_LINE,
  SUPPLY_LIVE,
  SUPPLY_SHOW,
} from './sessionMessages';

/** The screens about one contract, whose `:id` the selector changes. */
export const CONTRACT_ROUTES = ['invoices', 'certificate', 'telemetry', 'loadCurve', 'readingInput'] as const;
export type ContractRouteId = (typeof CONTRACT_ROUTES)[number];

export const isContractRoute = (id: string): id is ContractRouteId =>
  (CONTRACT_ROUTES as readonly string[]).includes(id);

/** Gas has no telemetry nor load curve: its consumption screen is the certificate. */
export function routeForSupply(route: ContractRouteId, line: SupplyPoint['line']): RouteId {
  return line === 'Gas' && (route === 'telemetry' || route === 'loadCurve') ? 'certificate' : route;
}

/** What an option says: CUPS · address · line · Alta or Baja. */
export function supplyOptionText(point: SupplyPoint): string {
  const state = hasEnded(point) ? SUPPLY_ENDED : SUPPLY_LIVE;
  return [point.cups, supplyAddress(point), SUPPLY_LINE[point.line], state].filter(Boolean).join(' · ');
}

/**
 * Which supply a contract screen is about, and the way to another: choosing one and pressing Ver records it as
 * the session's selected product and moves the screen to it (its query kept, so the same view opens for the new
 * supply). The move waits for the button because arrowing through a closed select fires a change on every key
 * (WCAG 3.2.2, On Input: choosing must not move the page by itself).
 * Opening a contract screen by its address makes that contract the selected one, so the menu follows it.
 */
export function SupplySelector({ route, codAbonado }: { route: ContractRouteId; codAbonado: string }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const choices = supplyChoices(useAppSelector(selectCupsList));
  const selected = useAppSelector((state) => state.contracts.selectedProduct, shallowEqual);
  const current = choices.find((point) => point.codAbonado === codAbonado);
  // The option chosen but not yet shown, for the screen it was chosen on.
  const [chosen, setChosen] = useState<{ on: string; value: string } | null>(null);

  useEffect(() => {
    if (current && selected?.codAbonado !== current.codAbonado) dispatch(productSelected(productOf(current)));
  }, [current, selected?.codAbonado, dispatch]);

  if (!current) return null;
  const value = chosen?.on === codAbonado ? chosen.value : codAbonado;
  const show = () => {
    const point = choices.find((choice) => choice.codAbonado === value);
    if (!point || point.codAbonado === codAbonado) return;
    dispatch(productSelected(productOf(point)));
    void navigate(`${pathTo(routeForSupply(route, point.line), { id: point.codAbonado })}${search}`);
  };
  return (
    <div className="supply-selector">
      <label className="supply-selector__label" htmlFor={`${id}-select`}>
        {SUPPLY_LABEL}
      </label>
      <select
        id={`${id}-select`}
        className="supply-selector__select"
        value={value}
        onChange={(event) => setChosen({ on: codAbonado, value: event.target.value })}
        aria-describedby={`${id}-hint`}
      >
        {choices.map((point) => (
          <option key={`${point.line}-${point.codAbonado}`} value={point.codAbonado}>
            {supplyOptionText(point)}
          </option>
        ))}
      </select>
      <Button variant="secondary" className="supply-selector__show" onClick={show}>
        {SUPPLY_SHOW}
      </Button>
      <span id={`${id}-hint`} hidden>
        {SUPPLY_HINT}
      </span>
    </div>
  );
}
