import type { SupplyPoint } from '@/shared/session/product';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { saveBlob } from '@/shared/lib/download';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { customerGet, newClaim } from '@/test/demoRequests';
import { signInAs } from '@/test/realSession';
import { DEMO_STAFF, testApiOrigin } from '@/test/testConfig';
import {
  ADR_TITLE,
  DETAIL_NOT_FOUND,
  NEW_ISSUE_CONTACT,
  NEW_ISSUE_ERROR,
  NEW_ISSUE_NO_PRODUCTS,
  NEW_ISSUE_SUCCESS,
  NO_ISSUES,
} from './issuesMessages';

const network = setupServer();
jest.mock('@/shared/lib/download', () => ({
  ...jest.requireActual('@/shared/lib/download'),
  saveBlob: jest.fn(jest.requireActual('@/shared/lib/download').saveBlob),
}));

beforeAll(() => network.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente${path}`;
const OTHER_CUSTOMER = { username: 'demo2', password: 'Demo2024!' };
const NO_PRODUCTS_USER = { username: 'sinproductos', password: 'Demo2024!' };

const apiGet = customerGet;

interface ListAnswer {
  items: {
    id: number;
    subject: string;
    status: { name: string };
    created_on: string;
    updated_on: string;
    tracking_code: string;
    deadline: string;
    overdue: boolean;
  }[];
}

/** DD/MM/YYYY of an ISO timestamp the server sends (the seeded ones are mid-day, so any European zone agrees). */
const listDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** A seeded request that was opened on one day and last changed on another. */
const HANDLED = 'Duplicado de la factura de marzo';

describe('/issues', () => {
  it('lists the requests with Número, Asunto, Estado and a Ver detalle link, and links back home', async () => {
    const { accessToken } = await signInAs();
    const { items } = await apiGet<ListAnswer>(accessToken, '/ov/issues/api/issues');
    const { store } = await renderRoute('/issues');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitudes' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Sus solicitudes' });
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Número',
      'Asunto',
      'Estado',
      'Código de seguimiento',
      'Plazo máximo de respuesta',
      'Fecha de apertura',
      'Última actualización',
      'Detalles',
    ]);
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(items.length);
    expect(rows[0]).toHaveTextContent(
      `${items[0].id}${items[0].subject}${items[0].status.name}${items[0].tracking_code}${listDate(items[0].deadline)}${items[0].overdue ? ' Plazo vencido' : ''}${listDate(items[0].created_on)}${listDate(items[0].updated_on)}Ver detalle`,
    );
    // Issue 27: the seeded request opened 30 days ago and still open is past its deadline.
    const late = items.find((item) => item.overdue)!;
    expect(within(region).getByText(late.subject).closest('tr')).toHaveTextContent(
      `${late.tracking_code}${listDate(late.deadline)} Plazo vencido`,
    );
    const handled = items.find((item) => item.subject === HANDLED)!;
    expect(handled.updated_on.slice(0, 10)).not.toBe(handled.created_on.slice(0, 10));
    expect(within(region).getByText(HANDLED).closest('tr')).toHaveTextContent(
      `${listDate(handled.created_on)}${listDate(handled.updated_on)}`,
    );
    expect(
      within(rows[0]).getByRole('link', { name: `Ver detalle de la solicitud ${items[0].id}` }),
    ).toHaveAttribute('href', `/issues/${items[0].id}`);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(store.getState().issues.issues).toHaveLength(items.length));
    await waitFor(() => expect(store.getState().issues.openIssuesCount).toBeGreaterThanOrEqual(3));
  });

  it('says when there are none', async () => {
    await signInAs(NO_PRODUCTS_USER);
    await renderRoute('/issues');
    expect(await screen.findByText(NO_ISSUES)).toBeInTheDocument();
    expect(screen.getByText(NO_ISSUES).textContent).toBe('No se han encontrado solicitudes.');
  });

  it('a failed load shows a Spanish message', async () => {
    network.use(
      http.get(api('/ov/issues/api/issues'), () => HttpResponse.html('<p>caído</p>', { status: 503 })),
    );
    await signInAs();
    await renderRoute('/issues');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se han podido cargar sus solicitudes.');
  });
});

describe('/issues/:id', () => {
  it('shows every field of the request and links back to the list', async () => {
    const { accessToken } = await signInAs();
    const { items } = await apiGet<ListAnswer>(accessToken, '/ov/issues/api/issues');
    const detail = await apiGet<Record<string, string | number>>(
      accessToken,
      `/ov/issues/api/issue?issueId=${items[1].id}`,
    );
    const { store } = await renderRoute(`/issues/${items[1].id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detalle de solicitud' }),
    ).toBeInTheDocument();
    const labels: [string, string][] = [
      ['Número', 'numero'],
      ['Código de seguimiento', 'tracking_code'],
      ['Asunto', 'asunto'],
      ['Estado', 'estado'],
      ['Categoría', 'categoria'],
      ['Línea', 'linea'],
      ['CUPS', 'cups'],
      ['Código de contrato', 'codigo_contrato'],
      ['CIF', 'cif'],
      ['Email', 'email'],
      ['Teléfono', 'telefono_cliente'],
      ['Descripción', 'descripcion'],
    ];
    for (const [label, key] of labels) {
      const term = await screen.findByText(label, { selector: 'dt' });
      // Shown as the page lays it out: a description's line breaks read as spaces.
      expect(term.nextElementSibling).toHaveTextContent(String(detail[key]).replace(/\s+/g, ' '));
    }
    for (const [label, key] of [
      ['Fecha de apertura', 'fecha_creacion'],
      ['Última actualización', 'fecha_actualizacion'],
    ]) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toBe(listDate(String(detail[key])));
    }
    // Issue 27: "Plazo máximo de respuesta", and "Plazo vencido" after it once passed unanswered.
    const deadline = screen.getByText('Plazo máximo de respuesta', { selector: 'dt' });
    expect(deadline.nextElementSibling?.textContent).toBe(
      `${listDate(String(detail.deadline))}${detail.overdue ? ' Plazo vencido' : ''}`,
    );
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/issues');
    await waitFor(() => expect(store.getState().issues.selectedIssue?.numero).toBe(items[1].id));
  });

  it('shows the history, adds a message (Spanish error when empty) and asks for a person', async () => {
    const { accessToken } = await signInAs();
    const issue = await newClaim(accessToken);

    const { user } = await renderRoute(`/issues/${issue}`);
    const history = await screen.findByRole('region', { name: 'Historial de la solicitud' });
    expect(within(history).getByText('Solicitud recibida')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('El campo Mensaje es obligatorio')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mensaje'), 'Adjunto la "lectura" real.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Su mensaje se ha añadido a la solicitud.')).toBeInTheDocument();
    expect(await within(history).findByText('Adjunto la "lectura" real.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quiero que me atienda una persona' }));
    expect(await screen.findByText('Ha pedido que le atienda una persona.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Quiero que me atienda una persona' }),
    ).not.toBeInTheDocument(); // An open claim within its deadline: no dispute information yet.
    expect(screen.queryByRole('region', { name: ADR_TITLE })).not.toBeInTheDocument();
  });

  it('downloads the receipt PDF named after the tracking code', async () => {
    // jsdom has no object URLs; saveBlob needs them to hand the file to the browser.
    URL.createObjectURL = jest.fn(() => 'blob:justificante');
    URL.revokeObjectURL = jest.fn();
    HTMLAnchorElement.prototype.click = jest.fn();
    const { accessToken } = await signInAs();
    const issue = await newClaim(accessToken);
    const { user } = await renderRoute(`/issues/${issue}`);
    await user.click(await screen.findByRole('button', { name: 'Descargar justificante (PDF)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    const [blob, fileName] = (saveBlob as jest.Mock).mock.calls.at(-1) as [Blob, string];
    expect(fileName).toMatch(/^Justificante-REC-\d{4}-\d{6}\.pdf$/);
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBeGreaterThan(1000);
  });

  it('shows the dispute bodies of the configuration once the staff resolve a claim', async () => {
    const { accessToken } = await signInAs();
    const claim = { id: await newClaim(accessToken) };
    const desk = `${testApiOrigin()}/api/atencion/ov`;
    const staff = await fetch(`${desk}/user/api/privateToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_STAFF.username, password: DEMO_STAFF.password }),
    });
    const { access_token: staffToken } = (await staff.json()) as { access_token: string };
    for (const status of ['En curso', 'Resuelta']) {
      const moved = await fetch(`${desk}/attention/api/state`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ issueId: claim.id, status }),
      });
      expect(moved.status).toBe(204);
    }
    await renderRoute(`/issues/${claim.id}`);
    const adr = await screen.findByRole('region', { name: ADR_TITLE });
    expect(getRuntimeConfig().disputeResolution.length).toBeGreaterThan(1);
    for (const body of getRuntimeConfig().disputeResolution) {
      expect(within(adr).getByRole('link', { name: body.name })).toHaveAttribute('href', body.url);
    }
    // Finished: no form, no button; the history holds the staff's changes.
    expect(screen.queryByRole('button', { name: 'Enviar mensaje' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Historial de la solicitud' });
    expect(within(history).getByText('Estado: Resuelta')).toBeInTheDocument();
    // The customer reads the company as the author, never the staff member's name (only the desk shows it).
    expect(history).toHaveTextContent('Atención al Cliente');
    expect(history).not.toHaveTextContent(DEMO_STAFF.name);
  });

  it('another customer’s request is not found', async () => {
    const other = await signInAs(OTHER_CUSTOMER);
    const { items } = await apiGet<ListAnswer>(other.accessToken, '/ov/issues/api/issues');
    localStorage.clear();
    await signInAs();
    await renderRoute(`/issues/${items[0].id}`);
    expect(await screen.findByText(DETAIL_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByText(items[0].subject)).not.toBeInTheDocument();
  });
});

describe('/new-issue', () => {
  async function openForm() {
    const session = await signInAs();
    const rendered = await renderRoute('/new-issue');
    await screen.findByRole('option', { name: 'Facturación' });
    return { ...rendered, ...session };
  }

  async function cupsOf(token: string, line: 'Electricidad' | 'Gas') {
    const answer = await apiGet<{
      cupsAsociados: { select: SupplyPoint[] };
    }>(token, '/ov/cups/api/cupsMe');
    return answer.cupsAsociados.select.filter((point) => point.line === line);
  }

  it('offers a customer without products the customer-service phone and e-mail instead of the form', async () => {
    await signInAs(NO_PRODUCTS_USER);
    await renderRoute('/new-issue');
    const contact = within((await screen.findByText(NEW_ISSUE_NO_PRODUCTS)).parentElement!);
    const { customerServicePhone, email } = getRuntimeConfig().company;
    expect(contact.getByRole('link', { name: customerServicePhone })).toHaveAttribute(
      'href',
      `tel:${customerServicePhone.replace(/\s+/g, '')}`,
    );
    expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Asunto')).not.toBeInTheDocument();
  });

  it('shows each required message on blur, with the exact wording', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const labels = [
      'Asunto',
      'Categoría',
      'Subcategoría',
      'Línea',
      'CUPS',
      'Código de contrato',
      'Descripción',
    ];
    // Each field states its message, and the error summary (issue 14) lists them all as links to the fields.
    for (const label of labels) {
      await waitFor(() =>
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
          expect.stringContaining(`El campo ${label} es obligatorio`),
        ),
      );
    }
    await expectErrorSummary(
      user,
      labels.map((label) => [label, `El campo ${label} es obligatorio`]),
    );
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it('limits the subject to 200 and the description to 1000 with the text-area counting rule', async () => {
    const { user } = await openForm();
    await user.click(screen.getByLabelText('Asunto'));
    await user.paste('a'.repeat(201));
    await user.tab();
    expect(await screen.findByText('El campo Asunto no debe ser mayor a 200 caracteres')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Asunto'));
    await user.paste(`${'a'.repeat(190)}"b"`);
    await user.tab();
    // 193 characters, but each quote counts 6: 203.
    expect(await screen.findByText('El campo Asunto no debe ser mayor a 200 caracteres')).toBeInTheDocument();

    const description = screen.getByLabelText('Descripción');
    await user.click(description);
    await user.paste(`${'a'.repeat(997)}\n\nb`);
    await user.tab();
    // 1000 characters plus one per line break: 1002.
    expect(
      await screen.findByText('El campo Descripción no debe ser mayor a 1000 caracteres'),
    ).toBeInTheDocument();
    expect(screen.getByText('1002 de 1000 caracteres')).toBeInTheDocument();
    await user.clear(description);
    await user.paste('a'.repeat(1000));
    await user.tab();
    await waitFor(() =>
      expect(
        screen.queryByText('El campo Descripción no debe ser mayor a 1000 caracteres'),
      ).not.toBeInTheDocument(),
    );
    // A trailing line break is trimmed before sending, so the counter does not count it either: never
    // "1001 de 1000" beside a field without an error.
    await user.type(description, '{Enter}');
    await user.tab();
    expect(screen.getByText('1000 de 1000 caracteres')).toBeInTheDocument();
    expect(
      screen.queryByText('El campo Descripción no debe ser mayor a 1000 caracteres'),
    ).not.toBeInTheDocument();
  });

  it('category loads its subcategories and clears the chosen one', async () => {
    const { user, store } = await openForm();
    const subcategory = screen.getByLabelText('Subcategoría');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Lecturas');
    await screen.findByRole('option', { name: 'Lectura estimada' });
    await user.selectOptions(subcategory, 'Lectura estimada');
    expect((subcategory as HTMLSelectElement).selectedOptions[0].textContent).toBe('Lectura estimada');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Facturación');
    await screen.findByRole('option', { name: 'Duplicado de factura' });
    expect((subcategory as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('option', { name: 'Lectura estimada' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(store.getState().issues.subcategoriesSelected?.map((s: { name: string }) => s.name)).toContain(
        'Duplicado de factura',
      ),
    );
    expect(store.getState().issues.categoryIDCached).toEqual(expect.stringMatching(/^\d+$/));
  });

  it('line -> CUPS -> read-only contract code', async () => {
    const { user, accessToken } = await openForm();
    const gas = await cupsOf(accessToken, 'Gas');
    const cupsSelect = screen.getByLabelText('CUPS');
    expect(cupsSelect).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Línea'), 'Gas');
    expect(cupsSelect).toBeEnabled();
    const options = within(cupsSelect).getAllByRole('option').slice(1);
    expect(options.map((option) => option.getAttribute('value')).sort()).toEqual(
      gas.map((point) => point.cups).sort(),
    );
    // Each with its address and state: live ones first, ended ones marked Baja and last.
    const today = new Date().toISOString().slice(0, 10);
    const ended = gas.filter((point) => point.fechaBaja && point.fechaBaja <= today);
    const states = options.map((option) => option.textContent?.split(' · ').at(-1));
    expect(ended.length).toBeGreaterThan(0);
    expect(states).toEqual([
      ...Array(gas.length - ended.length).fill('Alta'),
      ...Array(ended.length).fill('Baja'),
    ]);
    const first = gas.find((point) => point.cups === options[0].getAttribute('value'))!;
    expect(options[0]).toHaveTextContent(`${first.cups} · ${first.domicilio}`);
    await user.selectOptions(cupsSelect, gas[2].cups);
    const code = screen.getByLabelText('Código de contrato');
    expect(code).toHaveValue(gas[2].codAbonado);
    expect(code).toHaveAttribute('readonly');
    await user.selectOptions(cupsSelect, '');
    expect(code).toHaveValue('');
    await user.selectOptions(cupsSelect, gas[0].cups);
    await user.selectOptions(screen.getByLabelText('Línea'), 'Electricidad');
    expect(cupsSelect).toHaveValue('');
    expect(code).toHaveValue('');
  });

  it('sends the request (quotes escaped, nothing empty), shows the code and refreshes the list', async () => {
    const sent: Record<string, unknown>[] = [];
    network.use(
      http.post(api('/ov/issues/api/add'), async ({ request }) => {
        sent.push((await request.clone().json()) as Record<string, unknown>);
        return passthrough();
      }),
    );
    const session = await signInAs();
    const electricity = await cupsOf(session.accessToken, 'Electricidad');
    const before = await apiGet<{ total_count: number }>(session.accessToken, '/ov/issues/api/status/open');
    const { user, router, store } = await renderRoute('/issues');
    await screen.findByRole('region', { name: 'Sus solicitudes' });
    await user.click(screen.getByRole('link', { name: 'Nueva solicitud' }));
    await screen.findByRole('option', { name: 'Facturación' });

    const subject = `Factura "de abril" ${Date.now()}`;
    await user.type(screen.getByLabelText('Asunto'), subject);
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Facturación');
    await user.selectOptions(
      await screen.findByLabelText('Subcategoría'),
      await screen.findByRole('option', { name: 'Duplicado de factura' }),
    );
    await user.selectOptions(screen.getByLabelText('Línea'), 'Electricidad');
    await user.selectOptions(screen.getByLabelText('CUPS'), electricity[1].cups);
    await user.type(screen.getByLabelText('Descripción'), 'Necesito el "duplicado".');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText(NEW_ISSUE_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText(NEW_ISSUE_CONTACT)).toBeInTheDocument();
    // The confirmation replaces the form and takes the focus (issue 14).
    await waitFor(() => expect(screen.getByText(NEW_ISSUE_SUCCESS).closest('[role="status"]')).toHaveFocus());
    const code = screen.getByText(/^Código de la solicitud: \d+$/).textContent.replace(/\D/g, '');
    // Issue 27: the tracking code and the last day to answer, at once.
    expect(screen.getByText(/^Código de seguimiento: SOL-\d{4}-\d{6}$/)).toBeInTheDocument();
    expect(screen.getByText(/^Plazo máximo de respuesta: \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    // Refreshed in the session straight after sending, before the list is opened again.
    await waitFor(() => expect(localStorage.getItem('openIssuesCount')).toBe(String(before.total_count + 1)));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('issues')!)[0].id).toBe(Number(code)));

    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      title: subject.replace(/"/g, '&quot;'),
      description: 'Necesito el &quot;duplicado&quot;.',
      category: expect.stringMatching(/^\d+$/),
      subcategory: expect.stringMatching(/^\d+$/),
      line: 'Electricidad',
      cups: electricity[1].cups,
      contractCode: electricity[1].codAbonado,
    });

    await user.click(screen.getByRole('link', { name: 'Ver mis solicitudes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/issues'));
    const region = await screen.findByRole('region', { name: 'Sus solicitudes' });
    await waitFor(() =>
      expect(within(region).getAllByRole('row')[1]).toHaveTextContent(`${code}${subject}Nueva`),
    );
    const after = await apiGet<{ total_count: number }>(session.accessToken, '/ov/issues/api/status/open');
    expect(after.total_count).toBe(before.total_count + 1);
    // The count read before sending is not reused: the session's open count follows the server.
    await waitFor(() => expect(store.getState().issues.openIssuesCount).toBe(after.total_count));
  });

  it('the home card counts the new request when the user goes back home', async () => {
    const session = await signInAs();
    const [point] = await cupsOf(session.accessToken, 'Gas');
    const before = await apiGet<{ total_count: number }>(session.accessToken, '/ov/issues/api/status/open');
    const { user } = await renderRoute('/');
    const card = await screen.findByRole('region', { name: 'Solicitudes' });
    expect(await within(card).findByText(`${before.total_count} solicitudes abiertas`)).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Nueva solicitud' }));
    await screen.findByRole('option', { name: 'Facturación' });

    await user.type(screen.getByLabelText('Asunto'), 'Lectura de gas');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Lecturas');
    await user.selectOptions(
      screen.getByLabelText('Subcategoría'),
      await screen.findByRole('option', { name: 'Envío de lectura' }),
    );
    await user.selectOptions(screen.getByLabelText('Línea'), 'Gas');
    await user.selectOptions(screen.getByLabelText('CUPS'), point.cups);
    await user.type(screen.getByLabelText('Descripción'), 'Adjunto la lectura del contador.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(NEW_ISSUE_SUCCESS)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Volver' }));
    const cardAgain = await screen.findByRole('region', { name: 'Solicitudes' });
    expect(
      await within(cardAgain).findByText(`${before.total_count + 1} solicitudes abiertas`),
    ).toBeInTheDocument();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ code: 500 }, { status: 500 })],
    ['a 400 of the server', () => HttpResponse.json({ code: 400, message: 'x' }, { status: 400 })],
    ['a 200 without a new request', () => HttpResponse.json({})],
    ['no answer', () => HttpResponse.error()],
  ])('%s shows the generic error and keeps the form', async (_, answer) => {
    network.use(http.post(api('/ov/issues/api/add'), answer));
    const { user, accessToken } = await openForm();
    const [point] = await cupsOf(accessToken, 'Electricidad');
    await user.type(screen.getByLabelText('Asunto'), 'Consulta');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Otros');
    await user.selectOptions(
      screen.getByLabelText('Subcategoría'),
      await screen.findByRole('option', { name: 'Consulta general' }),
    );
    await user.selectOptions(screen.getByLabelText('Línea'), 'Electricidad');
    await user.selectOptions(screen.getByLabelText('CUPS'), point.cups);
    await user.type(screen.getByLabelText('Descripción'), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(NEW_ISSUE_ERROR)).toBeInTheDocument();
    expect(screen.getByText(NEW_ISSUE_ERROR).textContent).toBe('Ha habido un error, inténtalo nuevamente.');
    // The outcome of the send takes the focus (issue 14).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Asunto')).toHaveValue('Consulta');
    expect(screen.queryByText(NEW_ISSUE_SUCCESS)).not.toBeInTheDocument();
  });

  it('uses the stored CUPS list without loading it again', async () => {
    const calls: string[] = [];
    network.use(
      http.get(api('/ov/cups/api/cupsMe'), ({ request }) => {
        calls.push(request.url);
        return passthrough();
      }),
    );
    await signInAs();
    localStorage.setItem(
      'cups',
      JSON.stringify({
        Gas: { '123': { cups: 'ES0230000000000001AB', codAbonado: '123', line: 'Gas' } },
      }),
    );
    const { user } = await renderRoute('/new-issue');
    await screen.findByRole('option', { name: 'Facturación' });
    expect(
      within(screen.getByLabelText('Línea'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Seleccione una opción', 'Gas']);
    await user.selectOptions(screen.getByLabelText('Línea'), 'Gas');
    await user.selectOptions(screen.getByLabelText('CUPS'), 'ES0230000000000001AB');
    expect(screen.getByLabelText('Código de contrato')).toHaveValue('123');
    expect(calls).toEqual([]);
  });

  it('a failed subcategory load leaves its select empty without an error', async () => {
    const asked: string[] = [];
    network.use(
      http.get(api('/ov/issues/api/subcategories'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('category') ?? '');
        return HttpResponse.json({ code: 500 }, { status: 500 });
      }),
    );
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Lecturas');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatch(/^\d+$/);
    const subcategory = screen.getByLabelText('Subcategoría');
    expect(within(subcategory).getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('failed category loads leave the select empty without an error', async () => {
    network.use(http.get(api('/ov/issues/api/categories'), () => HttpResponse.json({}, { status: 500 })));
    await signInAs();
    await renderRoute('/new-issue');
    const category = await screen.findByLabelText('Categoría');
    await waitFor(() => expect(within(category).getAllByRole('option')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/new-issue on a slow network', () => {
  /** Holds the answers of `path` until the returned function is called. */
  function hold(path: string) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    network.use(
      http.get(api(path), async () => {
        await released;
        return passthrough();
      }),
    );
    return release;
  }

  it('keeps what the person wrote and chose while the categories and subcategories load', async () => {
    const categoriesArrive = hold('/ov/issues/api/categories');
    const subcategoriesArrive = hold('/ov/issues/api/subcategories');
    await signInAs();
    const { user } = await renderRoute('/new-issue');
    await user.type(await screen.findByLabelText('Asunto'), 'Lectura mal tomada');
    categoriesArrive();
    await screen.findByRole('option', { name: 'Lecturas' });
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Lecturas');
    await user.type(screen.getByLabelText('Descripción'), 'El contador marca otra cifra.');
    subcategoriesArrive();
    await waitFor(() =>
      expect(within(screen.getByLabelText('Subcategoría')).getAllByRole('option').length).toBeGreaterThan(1),
    );
    expect(screen.getByLabelText('Asunto')).toHaveValue('Lectura mal tomada');
    expect(screen.getByRole('option', { name: 'Lecturas' })).toHaveProperty('selected', true);
    expect(screen.getByLabelText('Descripción')).toHaveValue('El contador marca otra cifra.');
  });
});
