import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { ERROR_SUMMARY_TITLE } from '@/shared/ui/formMessages';
import { expectErrorSummary } from '@/test/errorSummary';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import {
  LABELS,
  required,
  SIGNUP_ADMIN_TITLE,
  PASSWORD_FORBIDDEN_CHARACTERS,
  SIGNUP_BAD_GATEWAY,
  SIGNUP_DOCUMENT_FAILED,
  SIGNUP_UNAVAILABLE,
  SIGNUP_USERNAME_EXISTS,
  signupNoContract,
  signupThanks,
} from './accountMessages';

const faults = setupServer();
beforeAll(() => faults.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => faults.resetHandlers());
afterAll(() => faults.close());

const api = (realm: 'cliente' | 'fincas', path: string) => `${testApiOrigin()}/api/${realm}${path}`;

interface Customer {
  firstName?: string;
  username?: string;
  email?: string;
  document?: string;
  phone?: string;
  password?: string;
}

async function fillCustomer(user: UserEvent, data: Customer = {}) {
  const {
    firstName = 'Carmen',
    username = 'carmenprueba',
    email = 'alta@cliente.example',
    document = '12345678z',
    phone = '600123456',
    password = 'Segura2024!',
  } = data;
  await user.type(await screen.findByLabelText('Nombre / Razón Social'), firstName);
  await user.type(screen.getByLabelText('Primer Apellido'), 'Ortega');
  await user.type(screen.getByLabelText('Segundo Apellido'), 'Gil');
  await user.type(screen.getByLabelText('Nombre de usuario'), username);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.type(screen.getByLabelText('Confirmar contraseña'), password);
  await user.type(screen.getByLabelText('Email'), email);
  await user.selectOptions(screen.getByLabelText('Tipo de documento'), 'nif');
  await user.type(screen.getByLabelText('Número'), document);
  if (phone) await user.type(screen.getByLabelText('Teléfono de contacto (opcional)'), phone);
}

const toSummary = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Continuar' }));

describe('/signup step 1: fields and rules', () => {
  it('shows the title, Volver to / and the required rules on blur', async () => {
    const { user } = await renderRoute('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de Usuario' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
    await user.click(screen.getByLabelText('Nombre / Razón Social'));
    await user.tab();
    expect(await screen.findByText('El campo Nombre / Razón Social es obligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre de usuario'), 'a.b');
    await user.tab();
    expect(
      await screen.findByText(
        'El nombre de usuario debe tener entre 3 y 30 caracteres, y no debe incluir caracteres especiales (, . _ & ? etc)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Idioma por defecto')).toHaveValue('es');
  });

  it('the holder answer Sí copies the document into a read-only owner CIF; No makes it editable', async () => {
    const { user } = await renderRoute('/signup');
    await user.type(await screen.findByLabelText('Número'), '12345678Z');
    const owner = screen.getByLabelText('CIF del titular del punto de suministro');
    expect(screen.getByLabelText('Sí')).toBeChecked();
    await waitFor(() => expect(owner).toHaveValue('12345678Z'));
    expect(owner).toHaveAttribute('readonly');
    await user.click(screen.getByLabelText('No'));
    expect(owner).not.toHaveAttribute('readonly');
    await user.clear(owner);
    await user.type(owner, 'B12345674');
    expect(owner).toHaveValue('B12345674');
  });

  it('the administrator checkbox resets the whole form and switches the title and fields', async () => {
    const { user } = await renderRoute('/signup');
    await user.type(await screen.findByLabelText('Nombre / Razón Social'), 'Carmen');
    await waitFor(() => expect(document.title).toBe('Oficina Virtual | Registro de Usuario'));
    await user.click(screen.getByLabelText('Administrador de finca'));
    expect(await screen.findByRole('heading', { level: 1, name: SIGNUP_ADMIN_TITLE })).toBeInTheDocument();
    expect(document.title).toBe('Oficina Virtual | Registro de Administrador de Fincas');
    expect(screen.getByLabelText('Nombre / Razón Social')).toHaveValue('');
    expect(screen.queryByLabelText('Nombre de usuario')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Teléfono de contacto (opcional)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CIF del titular del punto de suministro')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Administrador de finca'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de Usuario' })).toBeInTheDocument();
    expect(document.title).toBe('Oficina Virtual | Registro de Usuario');
  });
});

describe('/signup step 1: focus after sending (issue 14)', () => {
  it('an empty Continuar focuses the error summary, whose links lead to each field in order', async () => {
    const { user } = await renderRoute('/signup');
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await expectErrorSummary(
      user,
      [
        LABELS.firstName,
        LABELS.username,
        LABELS.password,
        LABELS.confirmPassword,
        LABELS.email,
        LABELS.documentType,
        LABELS.documentNumber,
        LABELS.ownerCif,
      ].map((label) => [label, required(label)]),
    );
    expect(screen.getByLabelText(LABELS.firstName)).toHaveAccessibleDescription(required(LABELS.firstName));
  });

  it('a good Continuar moves the focus to the summary step, the answer of the look-up', async () => {
    const { user } = await renderRoute('/signup');
    await fillCustomer(user);
    await toSummary(user);
    const heading = await screen.findByRole('heading', { name: 'Confirma tus datos' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('group', { name: ERROR_SUMMARY_TITLE })).not.toBeInTheDocument();
  });
});

describe('/signup step 2 against the reference server', () => {
  it('upper-cases the document, shows the product counts, and Modificar datos clears them', async () => {
    const { user } = await renderRoute('/signup');
    await fillCustomer(user);
    await toSummary(user);
    expect(await screen.findByRole('heading', { name: 'Confirma tus datos' })).toBeInTheDocument();
    expect(screen.getByText('NIF 12345678Z')).toBeInTheDocument();
    expect(screen.getByText('Electricidad').closest('li')).toHaveTextContent('1 Electricidad');
    expect(screen.getByText('Gas').closest('li')).toHaveTextContent('1 Gas');
    expect(screen.getByRole('button', { name: 'Confirmar Datos' })).toBeEnabled();
    expect(screen.getByText('Resumen')).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Modificar datos' }));
    expect(await screen.findByLabelText('Número')).toHaveValue('12345678Z');
    expect(screen.queryByText('1 Electricidad')).not.toBeInTheDocument();
    expect(screen.getByText('Datos de Usuario')).toHaveAttribute('aria-current', 'step');
  });

  it('461 when the telephone does not match the holder: message and Confirmar Datos disabled', async () => {
    const { user } = await renderRoute('/signup');
    await fillCustomer(user, { phone: '699999999' });
    await toSummary(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_DOCUMENT_FAILED);
    expect(screen.getByRole('button', { name: 'Confirmar Datos' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Modificar datos' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('403 for a NIF without contracts: contact customer service, submit disabled', async () => {
    const { user } = await renderRoute('/signup');
    await fillCustomer(user, { document: '00000000T' });
    await toSummary(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(signupNoContract('900 100 200'));
    expect(screen.getByRole('button', { name: 'Confirmar Datos' })).toBeDisabled();
  });
});

describe('/signup outcomes of the add call', () => {
  async function confirmWith(status: number, body: object) {
    faults.use(http.post(api('cliente', '/ov/user/api/add'), () => HttpResponse.json(body, { status })));
    const rendered = await renderRoute('/signup');
    await fillCustomer(rendered.user);
    await toSummary(rendered.user);
    await rendered.user.click(await screen.findByRole('button', { name: 'Confirmar Datos' }));
    return rendered;
  }

  it('201 goes to Datos recibidos with the thanks message', async () => {
    await confirmWith(201, { code: 201 });
    expect(await screen.findByRole('heading', { name: 'Datos recibidos' })).toBeInTheDocument();
    expect(screen.getByText(signupThanks('alta@cliente.example'))).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Acceder a la Oficina Virtual' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('500 with code 103: the user name exists, Confirmar Datos stays enabled', async () => {
    await confirmWith(500, { code: 103 });
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_USERNAME_EXISTS);
    expect(screen.getByRole('button', { name: 'Confirmar Datos' })).toBeEnabled();
  });

  it('200 also means the user name exists', async () => {
    await confirmWith(200, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_USERNAME_EXISTS);
  });

  it('465, 502 and 503 have their own messages', async () => {
    await confirmWith(465, { code: 465 });
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_FORBIDDEN_CHARACTERS);
  });

  it('502 bad gateway', async () => {
    await confirmWith(502, { code: 502 });
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_BAD_GATEWAY);
  });

  it('503 as an HTML page from a proxy still shows its message', async () => {
    faults.use(
      http.post(api('cliente', '/ov/user/api/add'), () => HttpResponse.html('<p>caído</p>', { status: 503 })),
    );
    const { user } = await renderRoute('/signup');
    await fillCustomer(user);
    await toSummary(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_UNAVAILABLE);
  });

  it('500 (internal) disables the submit', async () => {
    await confirmWith(500, { code: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Se ha producido un error interno');
    expect(screen.getByRole('button', { name: 'Confirmar Datos' })).toBeDisabled();
  });

  it('no answer at all does not blank the page', async () => {
    faults.use(http.get(api('cliente', '/ov/user/api/userCups'), () => HttpResponse.error()));
    const { user } = await renderRoute('/signup');
    await fillCustomer(user);
    await toSummary(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se ha podido conectar con la Oficina Virtual',
    );
    expect(screen.getByLabelText('Nombre / Razón Social')).toHaveValue('Carmen');
  });
});

describe('/signup for administrators', () => {
  it('sends the e-mail-derived user name, telephone 0 and the document as owner, on the fincas realm', async () => {
    let sent: Record<string, unknown> | null = null;
    let query = '';
    faults.use(
      http.post(api('fincas', '/ov/user/api/add'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        query = new URL(request.url).search;
        return HttpResponse.json({ code: 201 }, { status: 201 });
      }),
    );
    const { user } = await renderRoute('/signup');
    await user.click(await screen.findByLabelText('Administrador de finca'));
    await user.type(screen.getByLabelText('Nombre / Razón Social'), 'Administraciones Alta S.L.');
    await user.type(screen.getByLabelText('Contraseña'), 'Segura2024!');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Segura2024!');
    await user.type(screen.getByLabelText('Email'), 'alta@fincas.example');
    await user.selectOptions(screen.getByLabelText('Tipo de documento'), 'cif');
    await user.type(screen.getByLabelText('Número'), 'b12345674');
    await toSummary(user);
    const summary = await screen.findByRole('heading', { name: 'Confirma tus datos' });
    expect(summary).toBeInTheDocument();
    expect(within(summary.parentElement!).getByText('alta-fincas.example')).toBeInTheDocument();
    // The derived user name is not what the administrator types at login: the e-mail is, shown beside it.
    const signInWith = within(summary.parentElement!).getByText('Usuario para acceder (su email)');
    expect(signInWith.previousElementSibling).toHaveTextContent('alta-fincas.example');
    expect(signInWith.nextElementSibling).toHaveTextContent('alta@fincas.example');
    await user.click(screen.getByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByRole('heading', { name: 'Datos recibidos' })).toBeInTheDocument();
    expect(query).toBe('?isAdministradorFinca=true');
    expect(sent).toEqual({
      username: 'alta-fincas.example',
      password: 'Segura2024!',
      nif: 'B12345674',
      email: 'alta@fincas.example',
      telefono: '0',
      firstName: 'Administraciones Alta S.L.',
      lastName: '',
      language: 'es',
      identification: { typeDoc: 'cif', idDoc: 'B12345674' },
      ownerCif: 'B12345674',
      role: 'access',
    });
  });
});

describe("/signup sends the signer's identity (spec 01 §3)", () => {
  it("a non-holder sends their own document type and number, the holder's CIF as nif and ownerCif, role access", async () => {
    let sent: Record<string, unknown> | null = null;
    faults.use(
      http.post(api('cliente', '/ov/user/api/add'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 201 }, { status: 201 });
      }),
    );
    const { user } = await renderRoute('/signup');
    await fillCustomer(user, { document: 'x1234567l' });
    await user.selectOptions(screen.getByLabelText('Tipo de documento'), 'nie');
    await user.click(screen.getByLabelText('No'));
    const owner = screen.getByLabelText('CIF del titular del punto de suministro');
    await user.clear(owner);
    await user.type(owner, '12345678z');
    await toSummary(user);
    expect(await screen.findByText('NIE X1234567L')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Confirmar Datos' }));
    expect(await screen.findByRole('heading', { name: 'Datos recibidos' })).toBeInTheDocument();
    expect(sent).toMatchObject({
      username: 'carmenprueba',
      nif: '12345678Z',
      identification: { typeDoc: 'nie', idDoc: 'X1234567L' },
      ownerCif: '12345678Z',
      role: 'access',
    });
  });
});

describe('/signup on a slow network', () => {
  it('a change made while the look-up is on its way stays, and the late answer does not move to the summary', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    faults.use(
      http.get(api('cliente', '/ov/user/api/userCups'), async () => {
        await released;
        return passthrough();
      }),
    );
    const { user } = await renderRoute('/signup');
    await fillCustomer(user);
    await toSummary(user);
    expect(await screen.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'otra@cliente.example');
    release();
    // The look-up has answered once Continuar is back.
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Confirma tus datos' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('otra@cliente.example');

    // Continuar again asks about the data now in the form.
    await toSummary(user);
    expect(await screen.findByRole('heading', { name: 'Confirma tus datos' })).toBeInTheDocument();
    expect(screen.getByText('otra@cliente.example')).toBeInTheDocument();
  });
});
