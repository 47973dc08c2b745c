import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { ADMIN_MENU, MY_DATA_TITLE, RECORD_EMPTY, RECORD_FILTERS, RECORD_TITLE } from './accountMessages';

const answers = setupServer();
beforeAll(() => answers.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => answers.resetHandlers());
afterAll(() => answers.close());

const RECORD_URL = () => `${testApiOrigin()}/api/cliente/ov/accesos/api/registro`;

const section = async () =>
  within((await screen.findByRole('heading', { name: RECORD_TITLE })).closest('section') as HTMLElement);

describe('Mi cuenta: Registro de accesos', () => {
  it('says nobody else has read the supplies when the real record is empty', async () => {
    await signInAs();
    await renderRoute('/admin');
    expect(await (await section()).findByText(RECORD_EMPTY)).toBeInTheDocument();
    // Mi cuenta's menu leads to it, and to Mis datos.
    const menu = screen.getByRole('navigation', { name: ADMIN_MENU });
    for (const name of [RECORD_TITLE, MY_DATA_TITLE]) {
      const target = within(menu).getByRole('link', { name }).getAttribute('href')!.slice(1);
      expect(document.getElementById(target)).toContainElement(screen.getByRole('heading', { name }));
    }
  });

  it('lists who read which supply, pages and filters by supply and dates', async () => {
    const asked: URLSearchParams[] = [];
    answers.use(
      http.get(RECORD_URL(), ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const pagina = Number(params.get('pagina') ?? 1);
        return HttpResponse.json({
          total: 12,
          pagina,
          porPagina: 10,
          registros: [
            {
              fecha: '2026-11-20T09:15:00.000Z',
              quien: { tipo: 'Administrador de fincas', iniciales: 'A. G.', documento: '***4567Z' },
              cups: `ES0031000000000000${pagina}AB`,
              datos: 'Curva de carga',
            },
          ],
        });
      }),
    );
    await signInAs();
    const { user } = await renderRoute('/admin');
    const record = await section();
    expect(await record.findByText('Administrador de fincas: A. G. · ***4567Z')).toBeInTheDocument();
    expect(record.getByText('Curva de carga')).toBeInTheDocument();
    await user.click(record.getByRole('button', { name: /2/ }));
    expect(await record.findByText('ES00310000000000002AB')).toBeInTheDocument();
    await user.type(record.getByLabelText(RECORD_FILTERS.cups), 'ES0031000000000000 1AB');
    // A date the field cannot read is said under it, and nothing is asked.
    const calls = asked.length;
    await user.type(record.getByLabelText(RECORD_FILTERS.from), '31/02/2026');
    await user.click(record.getByRole('button', { name: RECORD_FILTERS.apply }));
    expect(await record.findByText('Introduzca la fecha con el formato DD/MM/AAAA.')).toBeInTheDocument();
    expect(asked).toHaveLength(calls);
    await user.clear(record.getByLabelText(RECORD_FILTERS.from));
    await user.type(record.getByLabelText(RECORD_FILTERS.from), '01/11/2026');
    await user.click(record.getByRole('button', { name: RECORD_FILTERS.apply }));
    expect(await record.findByText('ES00310000000000001AB')).toBeInTheDocument();
    const last = asked.at(-1)!;
    expect([last.get('pagina'), last.get('cups'), last.get('desde'), last.get('hasta')]).toEqual([
      '1',
      'ES0031000000000000 1AB',
      '2026-11-01',
      null,
    ]);
  });
});
