import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { testApiOrigin } from '@/test/testConfig';
import { MY_DATA_DOWNLOAD, MY_DATA_PREPARING, MY_DATA_TITLE } from './accountMessages';

// The real server prepares the demo customer's archive in the background for many seconds; here its answers
// are stood in for, the rest of the page talks to the real server.
const answers = setupServer();
beforeAll(() => answers.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => answers.resetHandlers());
afterAll(() => answers.close());

const api = (path: string) => `${testApiOrigin()}/api/cliente/ov/datos/api/${path}`;
const PREPARING_NOTICE = 'Estamos preparando el archivo con todos sus datos (respuesta del servidor).';
const BUSY = 'Ya se está preparando un archivo con sus datos.';

const section = async () =>
  within((await screen.findByRole('heading', { name: MY_DATA_TITLE })).closest('section') as HTMLElement);

describe('Mi cuenta: Descargar todos mis datos', () => {
  it('tells that a large archive is being prepared, and says so again when the page is opened later', async () => {
    let state = 'ninguno';
    answers.use(
      http.get(api('estado'), () => HttpResponse.json({ estado: state, caduca: null })),
      http.get(api('descargar'), () => {
        state = 'preparando';
        return HttpResponse.json({ code: 202, message: PREPARING_NOTICE }, { status: 202 });
      }),
    );
    await signInAs();
    const { user } = await renderRoute('/admin');
    const myData = await section();
    await user.click(myData.getByRole('button', { name: MY_DATA_DOWNLOAD }));
    expect(await myData.findByText(PREPARING_NOTICE)).toBeInTheDocument();
    cleanup();
    await renderRoute('/admin');
    expect(await (await section()).findByText(MY_DATA_PREPARING)).toBeInTheDocument();
  });

  it('shows the server’s Spanish refusal when one archive is already in preparation', async () => {
    answers.use(
      http.get(api('estado'), () => HttpResponse.json({ estado: 'ninguno', caduca: null })),
      http.get(api('descargar'), () => HttpResponse.json({ code: 409, message: BUSY }, { status: 409 })),
    );
    await signInAs();
    const { user } = await renderRoute('/admin');
    const myData = await section();
    await user.click(myData.getByRole('button', { name: MY_DATA_DOWNLOAD }));
    expect(await myData.findByRole('alert')).toHaveTextContent(BUSY);
  });
});
