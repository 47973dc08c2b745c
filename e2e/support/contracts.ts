import { expect, type Page } from '@playwright/test';
import { storeOnNextLoad } from './storage';

export interface Point {
  line: string;
  cups: string;
  codAbonado: string;
  fechaBaja: string | null;
  accessFee?: { fee?: string };
}

const liveElectricity21A = (p: Point) =>
  p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.1A';

/**
 * Stores one of demo's supply points as the session's CUPS list and selects it, as the home page does, and
 * returns it; by default the live 2.1A electricity contract. Call it on the home page, signed in; the selection
 * is stored as the next page loads.
 */
export async function selectContract(
  page: Page,
  pick: (p: Point) => boolean = liveElectricity21A,
): Promise<Point> {
  // The CUPS list is read once the home shows it, as a customer would have it.
  await expect(
    page.getByRole('region', { name: 'Contratos de gas' }).locator('tbody tr').first(),
  ).toBeVisible();
  const points = await page.evaluate(async () => {
    const answer = await fetch('/api/cliente/ov/cups/api/cupsMe', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return (await answer.json()).cupsAsociados.select as Point[];
  });
  const point = points.find(pick)!;
  await storeOnNextLoad(page, {
    cups: JSON.stringify({ [point.line]: { [point.codAbonado]: point } }),
    selectedProduct: JSON.stringify({ line: point.line, cups: point.cups, codAbonado: point.codAbonado }),
  });
  return point;
}
