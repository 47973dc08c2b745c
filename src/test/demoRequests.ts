import type { SupplyPoint } from '@/shared/session/product';
import { testApiOrigin } from './testConfig';

const customerApi = (path: string) => `${testApiOrigin()}/api/cliente${path}`;

/** A GET of the customers' realm with the caller's token; the answer's JSON. */
export async function customerGet<T>(token: string, path: string): Promise<T> {
  const answer = await fetch(customerApi(path), { headers: { authorization: `Bearer ${token}` } });
  return (await answer.json()) as T;
}

/**
 * A new claim (category Reclamación) of the signed-in customer on their first electricity supply, through the
 * API as the new-request page sends it; its number. The customer's and the staff's page tests share it.
 */
export async function newClaim(accessToken: string, title = 'Reclamación de prueba'): Promise<number> {
  const categories = await customerGet<Record<string, string>>(accessToken, '/ov/issues/api/categories');
  const category = Object.keys(categories).find((id) => categories[id] === 'Reclamación')!;
  const [subcategory] = await customerGet<{ id: number }[]>(
    accessToken,
    `/ov/issues/api/subcategories?category=${category}`,
  );
  const points = await customerGet<{ cupsAsociados: { select: SupplyPoint[] } }>(
    accessToken,
    '/ov/cups/api/cupsMe',
  );
  const point = points.cupsAsociados.select.find((p) => p.line === 'Electricidad')!;
  const created = await fetch(customerApi('/ov/issues/api/add'), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'Cobro indebido.',
      category,
      subcategory: String(subcategory.id),
      line: 'Electricidad',
      cups: point.cups,
      contractCode: point.codAbonado,
    }),
  });
  if (created.status !== 201) throw new Error(`La reclamación de prueba no se creó: ${created.status}`);
  const { issue } = (await created.json()) as { issue: number };
  return issue;
}
