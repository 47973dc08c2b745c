import { expect, test } from '@playwright/test';
import { allViolations } from './support/axe';
import { CUSTOMER, CUSTOMER_2, logIn } from './support/session';

// Issue 28, access for someone you trust: demo gives demo2's document consumption-only access to one supply;
// demo2 sees it under Suministros autorizados and opens its load curve, not its invoices; demo sees the read in
// the Registro de accesos and revokes; demo2's next call is refused and the screen says so in Spanish.

test('un permiso de acceso se da, se usa, queda registrado y se revoca', async ({
  page: holder,
  browser,
}) => {
  test.setTimeout(240_000);
  // Two people at once: the grantee in a browser context of their own.
  const granteeContext = await browser.newContext();
  const grantee = await granteeContext.newPage();

  // demo2's document, as its own Mi cuenta shows it.
  await logIn(grantee, CUSTOMER_2);
  await grantee.goto('/admin');
  const document = (
    await grantee.locator('.summary__row', { hasText: 'NIF' }).locator('dd').innerText()
  ).trim();
  expect(document).toMatch(/^[0-9XYZ][0-9]{7}[A-Z]$/);

  // demo gives it consumption-only access to one supply.
  await logIn(holder, CUSTOMER);
  await holder.goto('/admin');
  const permissions = holder.locator('#permisos-de-acceso');
  await permissions.getByLabel('NIF/NIE/CIF').fill(document);
  const supplies = permissions.locator('.permissions__supplies');
  const supply = supplies.getByRole('checkbox').nth(1);
  const supplyLabel = (await supplies.locator('label').nth(1).innerText()).trim();
  const cups = supplyLabel.split(' · ')[0];
  await supply.check();
  await expect(
    permissions.getByLabel('Solo el consumo (telemedida, curva de carga y certificado)'),
  ).toBeChecked();
  await permissions.getByRole('button', { name: 'Dar permiso' }).click();
  await expect(permissions.getByText('Permiso dado.', { exact: false })).toBeVisible({ timeout: 30_000 });
  const active = permissions.getByRole('region', { name: 'Permisos vigentes' });
  await expect(active.getByRole('row', { name: new RegExp(cups) })).toBeVisible();

  expect(await allViolations(holder, 'Permisos de acceso con un permiso vigente')).toEqual([]);

  // demo2 sees it and opens its load curve; invoices are not offered.
  await grantee.goto('/admin');
  const granted = grantee.locator('#suministros-autorizados');
  const item = granted.getByRole('listitem').filter({ hasText: cups });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(granted.getByText('Consumo', { exact: false }).first()).toBeVisible();
  await expect(item.getByRole('link', { name: 'Facturas' })).toHaveCount(0);
  expect(await allViolations(grantee, 'Suministros autorizados')).toEqual([]);
  // The curve's own call answered: the read the holder's record will show.
  const curveRead = grantee.waitForResponse(
    (response) => response.url().includes('/ov/cups/api/curvas') && response.status() === 200,
    { timeout: 60_000 },
  );
  await item.getByRole('link', { name: 'Curva de carga' }).click();
  await expect(grantee).toHaveURL(/\/loadcurve\//);
  await expect(grantee.getByRole('heading', { level: 1, name: 'Curva de carga' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(grantee.getByText(cups).first()).toBeVisible({ timeout: 30_000 });
  await curveRead;

  // demo sees the read in its record.
  await holder.goto('/admin');
  const record = holder.locator('#registro-de-accesos');
  await expect(record.getByRole('row', { name: /Persona autorizada/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    record.getByRole('row', { name: new RegExp(`Persona autorizada.*${cups}.*Curva de carga`) }).first(),
  ).toBeVisible();

  // demo revokes, after a confirmation.
  const revokeRow = holder
    .locator('#permisos-de-acceso')
    .getByRole('region', { name: 'Permisos vigentes' })
    .getByRole('row', { name: new RegExp(cups) });
  await revokeRow.getByRole('button', { name: 'Revocar' }).click();
  expect(await allViolations(holder, 'confirmación de Revocar')).toEqual([]);
  await holder.getByRole('button', { name: 'Sí, revocar' }).click();
  await expect(holder.getByText('Permiso revocado', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });

  // demo2's next call is refused, and the screen says why in Spanish.
  await grantee.reload();
  await expect(
    grantee.getByText('La persona titular ha revocado su permiso para consultar este suministro.'),
  ).toBeVisible({ timeout: 30_000 });

  await granteeContext.close();
});
