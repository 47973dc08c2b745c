import { expect, type Page } from '@playwright/test';

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
 * returns it; by default the live 2.1A electricity contract. Call it on the home page, signed in.
 */
export async function selectContract(
  page: Page,
  pick: (p: Point) => boolean = liveElectricity21A,
): Promise<Point> {
  // The home writes the session's CUPS list when its first load answers: wait for that, so the write cannot
  // land after (and undo) the selection made here.
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
  await page.evaluate((selected) => {
    localStorage.setItem('cups', JSON.stringify({ [selected.line]: { [selected.codAbonado]: selected } }));
    localStorage.setItem(
      'selectedProduct',
      JSON.stringify({ line: selected.line, cups: selected.cups, codAbonado: selected.codAbonado }),
    );
  }, point);
  return point;
}
