import type { Page } from '@playwright/test';

export interface Point {
  line: string;
  cups: string;
  codAbonado: string;
  fechaBaja: string | null;
  accessFee?: { fee?: string };
}

/** Stores demo's CUPS list with its live 2.1A contract selected, as the home page does, and returns it. */
export async function selectContract(page: Page): Promise<Point> {
  const point = await page.evaluate(async () => {
    const answer = await fetch('/api/cliente/ov/cups/api/cupsMe', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    const points = (await answer.json()).cupsAsociados.select as Point[];
    return points.find((p) => p.line === 'Electricidad' && !p.fechaBaja && p.accessFee?.fee === '2.1A')!;
  });
  await page.evaluate((selected) => {
    localStorage.setItem('cups', JSON.stringify({ Electricidad: { [selected.codAbonado]: selected } }));
    localStorage.setItem(
      'selectedProduct',
      JSON.stringify({ line: selected.line, cups: selected.cups, codAbonado: selected.codAbonado }),
    );
  }, point);
  return point;
}
