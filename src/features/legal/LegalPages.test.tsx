import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '@/test/renderRoute';

describe('legal pages (public)', () => {
  it('shows the legal notice with the company data from the runtime configuration', async () => {
    await renderRoute('/aviso-legal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso legal' })).toBeInTheDocument();
    expect(
      screen.getByText(/Texto legal de Energía Demo Ibérica, S\.L\., empresa ficticia de demostración/),
    ).toBeInTheDocument();
    expect(screen.getByText('Denominación social: Energía Demo Ibérica, S.L.')).toBeInTheDocument();
    expect(screen.getByText('CIF: B86560930')).toBeInTheDocument();
    expect(
      screen.getByText('Domicilio social: Paseo de la Castellana 100, 28046 Madrid'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toBeInTheDocument();
  });

  it('"Volver" stays in the portal: a guest who came from another site goes to /login, not back', async () => {
    // The page before this one in the browser's history is another site's.
    window.history.pushState({}, '', '/desde-otro-sitio');
    const { router, user } = await renderRoute('/aviso-legal');
    await user.click(await screen.findByRole('link', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains data protection: controller, DPO, purposes, bases, retention, recipients, transfers and rights', async () => {
    await renderRoute('/politica-de-privacidad');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    for (const heading of [
      '1. Responsable del tratamiento',
      '2. Delegado de protección de datos',
      '4. Finalidades y bases jurídicas',
      '5. Plazo de conservación',
      '6. Destinatarios',
      '7. Transferencias internacionales',
      '8. Sus derechos',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    const rights = screen.getByRole('region', { name: '8. Sus derechos' });
    for (const right of [
      'Acceso',
      'Rectificación',
      'Supresión',
      'Oposición',
      'Limitación del tratamiento',
      'Portabilidad',
    ]) {
      expect(within(rights).getByText(new RegExp(`^${right}:`))).toBeInTheDocument();
    }
    expect(within(rights).getByText(/Agencia Española de Protección de Datos/)).toBeInTheDocument();
    expect(screen.getAllByText(/LOPDGDD/).length).toBeGreaterThan(0);
  });

  it('lists the cookie types and the stored keys, and links to the other two texts', async () => {
    const { user, router } = await renderRoute('/politica-de-cookies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de cookies' })).toBeInTheDocument();
    for (const kind of [
      'Necesarias o técnicas',
      'De preferencias',
      'De análisis',
      'De publicidad o marketing',
      'De redes sociales',
    ]) {
      expect(screen.getByText(new RegExp(`^${kind}`))).toBeInTheDocument();
    }
    const table = screen.getByRole('table', { name: 'Cookies y almacenamiento local de la Oficina Virtual' });
    expect(within(table).getByText('accessToken, user-token, refresh_token')).toBeInTheDocument();
    // The page's own links, not the footer's.
    const page = screen.getByRole('article');
    expect(within(page).getByRole('link', { name: 'Aviso legal' })).toHaveAttribute('href', '/aviso-legal');
    expect(within(page).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/politica-de-privacidad',
    );
    await user.click(within(page).getByRole('link', { name: 'Aviso legal' }));
    expect(router.state.location.pathname).toBe('/aviso-legal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso legal' })).toBeInTheDocument();
  });
});
