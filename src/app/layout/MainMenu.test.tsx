import { screen, waitFor, within } from '@testing-library/react';
import { setRuntimeConfig } from '@/shared/config/runtimeConfig';
import { selectDemoContract } from '@/test/demoContracts';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { DEMO_ADMIN, testRuntimeConfig } from '@/test/testConfig';
import { consumptionPath, invoicesPath } from './MainMenu';

const mainMenu = async () => within(await screen.findByRole('navigation', { name: 'Menú principal' }));

describe('main menu', () => {
  it.each([
    ['/', 'Inicio'],
    ['/allinvoices', 'Facturas'],
    ['/allinvoices-gas', 'Facturas'],
    ['/invoices/{id}', 'Facturas'],
    ['/telemetry/{id}', 'Consumo'],
    ['/loadcurve/{id}', 'Consumo'],
    ['/certificate/{id}', 'Consumo'],
    ['/issues', 'Solicitudes'],
    ['/new-issue', 'Solicitudes'],
    ['/admin', 'Mi cuenta'],
  ])('marks the section of %s (%s) as the current page, and only it', async (path, section) => {
    const contract = await selectDemoContract('2.0TD');
    await renderRoute(path.replace('{id}', contract.codAbonado));
    const menu = await mainMenu();
    const links = menu.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Inicio',
      'Facturas',
      'Consumo',
      'Solicitudes',
      'Mi cuenta',
    ]);
    expect(menu.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    // Consumo and Facturas open the contract chosen on the home.
    expect(menu.getByRole('link', { name: 'Consumo' })).toHaveAttribute(
      'href',
      `/telemetry/${contract.codAbonado}`,
    );
    expect(menu.getByRole('link', { name: 'Facturas' })).toHaveAttribute(
      'href',
      `/invoices/${contract.codAbonado}`,
    );
  });

  it.each([
    ['/administrador-fincas', 'Facturas'],
    ['/admin', 'Mi cuenta'],
  ])('gives an administrator Facturas and Mi cuenta, %s marked %s', async (path, section) => {
    await signInAs(DEMO_ADMIN);
    await renderRoute(path);
    const menu = await mainMenu();
    const links = menu.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Facturas', '/administrador-fincas'],
      ['Mi cuenta', '/admin'],
    ]);
    expect(menu.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
  });

  it('is not shown to a signed-out visitor', async () => {
    await renderRoute('/login');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
  });

  it('follows a menu link to its section', async () => {
    await selectDemoContract('2.0TD');
    const { router, user } = await renderRoute('/');
    await user.click((await mainMenu()).getByRole('link', { name: 'Solicitudes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/issues'));
    expect((await mainMenu()).getByRole('link', { name: 'Solicitudes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('Consumo and Facturas destinations', () => {
  it.each([
    [
      'telemetry of an electricity supply',
      { line: 'Electricidad', cups: 'x', codAbonado: 'E2' },
      '/telemetry/E2',
    ],
    ['the certificate of a gas supply', { line: 'Gas', cups: 'x', codAbonado: 'G1' }, '/certificate/G1'],
    ['nothing without a supply', null, null],
  ] as const)('Consumo opens %s', (_what, current, expected) => {
    expect(consumptionPath(current)).toBe(expected);
  });

  it.each([
    ['the invoices of the supply', { line: 'Gas', cups: 'x', codAbonado: 'G1' }, false, '/invoices/G1'],
    ['all electricity invoices before the list is known', null, false, '/allinvoices'],
    ['all gas invoices for a gas-only customer before the list is known', null, true, '/allinvoices-gas'],
  ] as const)('Facturas opens %s', (_what, current, gasOnly, expected) => {
    expect(invoicesPath(current, gasOnly)).toBe(expected);
  });
});

describe('phone menu button', () => {
  it('opens and closes from the keyboard, Escape returning focus to it', async () => {
    await selectDemoContract('2.0TD');
    const { user } = await renderRoute('/');
    const button = await within(screen.getByRole('banner')).findByRole('button', { name: 'Menú' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.getAttribute('aria-controls')?.split(' ')).toEqual(['cabecera-contacto', 'menu-principal']);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('banner')).toHaveClass('header--open');
    // Tab goes on into the opened header, Escape closes it from there and brings focus back to the button.
    await user.tab();
    expect(button).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after a followed link and moves focus to the new page', async () => {
    const contract = await selectDemoContract('2.0TD');
    const { router, user } = await renderRoute('/');
    const button = await within(screen.getByRole('banner')).findByRole('button', { name: 'Menú' });
    await user.click(button);
    const facturas = (await mainMenu()).getByRole('link', { name: 'Facturas' });
    facturas.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${contract.codAbonado}`));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('brand logo', () => {
  afterEach(() => setRuntimeConfig(testRuntimeConfig()));

  it('shows the configured SVG with Spanish alt text, linking to the home', async () => {
    const config = testRuntimeConfig();
    setRuntimeConfig({ ...config, company: { ...config.company, logo: '/marcas/otra.svg' } });
    await renderRoute('/login');
    const link = within(screen.getByRole('banner')).getByRole('link', {
      name: 'Energía Demo Ibérica, S.L., Oficina Virtual: ir al inicio',
    });
    expect(link).toHaveAttribute('href', '/');
    expect(within(link).getByRole('img')).toHaveAttribute('src', '/marcas/otra.svg');
  });
});
