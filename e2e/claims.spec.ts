import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './support/outbox';
import { CUSTOMER, logIn, logInStaff } from './support/session';

// Issue 27 (Ley 10/2025): a claim from the customer's form to the staff's desk and back, by keyboard only.

/** Chooses an option of a closed select with the arrow keys, as a keyboard user does. */
async function chooseWithKeys(page: Page, select: Locator, optionText: string | RegExp): Promise<void> {
  await select.focus();
  for (let step = 0; step < 40; step++) {
    const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text);
    if (typeof optionText === 'string' ? chosen === optionText : optionText.test(chosen ?? '')) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option ${String(optionText)}`);
}

/** Types into a field reached by focus, as the keyboard does. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.focus();
  await page.keyboard.type(text);
}

/** Presses a button from the keyboard. */
async function press(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
}

test('una reclamación: código y plazo, justificante, respuesta del personal, contestación, resolución e información de resolución extrajudicial', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const subject = `Reclamación e2e ${Date.now()}`;

  // The customer files a claim and sees its code and deadline.
  await logIn(page, CUSTOMER);
  await page.goto('/new-issue');
  await typeInto(page, page.getByLabel('Asunto', { exact: true }), subject);
  await chooseWithKeys(page, page.getByLabel('Categoría', { exact: true }), 'Reclamación');
  await chooseWithKeys(page, page.getByLabel('Subcategoría', { exact: true }), 'Facturación');
  await chooseWithKeys(page, page.getByLabel('Línea', { exact: true }), 'Electricidad');
  await chooseWithKeys(page, page.getByLabel('CUPS', { exact: true }), /^ES/);
  await expect(page.getByLabel('Código de contrato', { exact: true })).not.toHaveValue('');
  await typeInto(
    page,
    page.getByLabel('Descripción', { exact: true }),
    'La factura de octubre duplica el consumo.',
  );
  await press(page.getByRole('button', { name: 'Enviar' }));
  const codeLine = page.getByText(/^Código de seguimiento: REC-\d{4}-\d{6}$/);
  await expect(codeLine).toBeVisible();
  const code = (await codeLine.innerText()).replace('Código de seguimiento: ', '');
  await expect(page.getByText(/^Plazo máximo de respuesta: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const issue = (await page.getByText(/^Código de la solicitud: \d+$/).innerText()).replace(/\D/g, '');

  // The receipt is in the outbox.
  const receipt = await waitForMail(page, (mail) => mail.subject === `Justificante de su solicitud ${code}`);
  expect(receipt.text).toContain(`Código de seguimiento: ${code}`);

  // The staff sign in at /atencion/login, in a browser of their own, and find it in the queue by deadline.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logInStaff(staff);
  await chooseWithKeys(staff, staff.getByLabel('Categoría', { exact: true }), 'Reclamación');
  await chooseWithKeys(staff, staff.getByLabel('Estado', { exact: true }), 'Nueva');
  const queue = staff.getByRole('region', { name: 'Cola de solicitudes' });
  const link = queue.getByRole('link', { name: `Atender la solicitud ${code}` });
  await expect(link).toBeVisible();
  const deadlines = await queue
    .locator('tbody tr td:nth-child(5)')
    .allInnerTexts()
    .then((cells) => cells.map((cell) => cell.split('/').reverse().join('-')));
  expect(deadlines).toEqual([...deadlines].sort());
  await press(link);
  await expect(staff.getByRole('heading', { level: 1, name: 'Atender solicitud' })).toBeVisible();
  await expect(staff.getByText(subject)).toBeVisible();

  // The staff reply; the customer gets the e-mail and reads the reply in the detail.
  const answer = 'Hemos revisado su factura y la corregiremos.';
  await typeInto(staff, staff.getByLabel('Respuesta', { exact: true }), answer);
  await press(staff.getByRole('button', { name: 'Enviar respuesta' }));
  await expect(staff.getByText('La respuesta se ha enviado al cliente.')).toBeVisible();
  await waitForMail(page, (mail) => mail.text.includes(`Hemos respondido a su solicitud ${code}`));
  await page.goto(`/issues/${issue}`);
  const history = page.getByRole('region', { name: 'Historial de la solicitud' });
  await expect(history.getByText(answer)).toBeVisible();

  // The customer answers back; the staff see it and resolve the claim.
  const back = 'Gracias, quedo a la espera de la factura corregida.';
  await typeInto(page, page.getByLabel('Mensaje', { exact: true }), back);
  await press(page.getByRole('button', { name: 'Enviar mensaje' }));
  await expect(page.getByText('Su mensaje se ha añadido a la solicitud.')).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole('region', { name: 'Historial' }).getByText(back)).toBeVisible();
  for (const state of ['En curso', 'Resuelta']) {
    await chooseWithKeys(staff, staff.getByLabel('Nuevo estado', { exact: true }), state);
    await press(staff.getByRole('button', { name: 'Cambiar estado' }));
    await expect(staff.getByText(`La solicitud ha pasado a «${state}».`)).toBeVisible();
  }
  await expect(staff.getByText('La solicitud está finalizada y ya no admite cambios.')).toBeVisible();
  await staffContext.close();

  // The customer sees the claim resolved, with the out-of-court dispute information.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Si no está conforme con la respuesta' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Junta Arbitral de Consumo/ })).toBeVisible();
});
