import { serverNow } from '@/shared/lib/madridClock';
import type { CupsList, Line, SelectedProduct, StateWithProducts, SupplyPoint } from './product';

/**
 * The customer's current supply (DECISIONS "The selected supply"): the session's selected product when it is
 * still in the CUPS list, else the default one. No moment here: the header reads this on every screen.
 */

/** Today as ISO text by the server's clock; dates of the CUPS list are ISO texts, so they compare as strings. */
const isoToday = () => serverNow().toISOString().slice(0, 10);

/** Ended: a leaving date that has come. A future leaving date is still a live supply. */
export function hasEnded(point: SupplyPoint, today: string = isoToday()): boolean {
  return Boolean(point.fechaBaja && point.fechaBaja.slice(0, 10) <= today);
}

const LINE_ORDER: Record<Line, number> = { Electricidad: 0, Gas: 1 };

/** Every supply point of the list: live ones first, electricity before gas, the newest contract first. */
export function supplyChoices(cups: CupsList | null, today: string = isoToday()): SupplyPoint[] {
  return orderSupplies(
    Object.values(cups ?? {}).flatMap((byContract) => Object.values(byContract ?? {})),
    today,
  );
}

/** Supply points in the order every list of them shows: see supplyChoices. */
export function orderSupplies(list: readonly SupplyPoint[], today: string = isoToday()): SupplyPoint[] {
  const points = [...list];
  const rank = (point: SupplyPoint) => (hasEnded(point, today) ? 1 : 0);
  return points.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      LINE_ORDER[a.line] - LINE_ORDER[b.line] ||
      (b.fechaAlta ?? '').localeCompare(a.fechaAlta ?? '') ||
      a.codAbonado.localeCompare(b.codAbonado),
  );
}

/**
 * With none chosen: the newest live electricity contract that has started (so it has measurements), else the
 * newest live gas one, else the first of the list.
 */
export function defaultSupply(cups: CupsList | null, today: string = isoToday()): SupplyPoint | null {
  const choices = supplyChoices(cups, today);
  const started = (point: SupplyPoint) => !hasEnded(point, today) && (point.fechaAlta ?? '') < today;
  return (
    choices.find((point) => point.line === 'Electricidad' && started(point)) ??
    choices.find(started) ??
    choices[0] ??
    null
  );
}

export const productOf = (point: SupplyPoint): SelectedProduct => ({
  line: point.line,
  cups: point.cups,
  codAbonado: point.codAbonado,
});

/** The supply the menu opens and the selector shows when the screen names none. */
export function selectCurrentSupply(state: StateWithProducts): SelectedProduct | null {
  const { cups, selectedProduct } = state.contracts;
  if (selectedProduct && (!cups || cups[selectedProduct.line]?.[selectedProduct.codAbonado])) {
    return selectedProduct;
  }
  const fallback = defaultSupply(cups);
  return fallback && productOf(fallback);
}

/** One line of text per supply point: CUPS, address, line and state, as the selector and lists show it. */
export function supplyAddress(point: SupplyPoint): string {
  const street = [point.domicilio, point.numDomicilio].filter(Boolean).join(' ');
  return [street, point.ampExtension1, point.ciudad].filter(Boolean).join(', ');
}
