import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { SupplyPoint } from '@/shared/session/product';
import { defaultSupply, supplyChoices } from '@/shared/session/supplies';
import { cupsListOf } from '@/features/contracts/contractsModel';
import { storeDemoSupplies } from '@/test/demoContracts';
import { makeTestStore, renderRoute } from '@/test/renderRoute';

const TODAY = new Date().toISOString().slice(0, 10);

const mainMenu = async () => within(await screen.findByRole('navigation', { name: 'Menú principal' }));
const selector = () => screen.findByRole('combobox', { name: 'Suministro' });
/** Chooses a supply and presses the selector's own Ver, as a person does. */
async function chooseSupply(user: UserEvent, codAbonado: string) {
  const select = await selector();
  await user.selectOptions(select, codAbonado);
  await user.click(
    within(select.closest('.supply-selector') as HTMLElement).getByRole('button', { name: 'Ver' }),
  );
}
const ended = (point: SupplyPoint) => Boolean(point.fechaBaja && point.fechaBaja <= TODAY);

/** The newest live electricity contract that has started: what a customer with none chosen gets. */
function expectedDefault(points: SupplyPoint[]): SupplyPoint {
  const live = points
    .filter((point) => point.line === 'Electricidad' && !ended(point) && (point.fechaAlta ?? '') < TODAY)
    .sort((a, b) => (b.fechaAlta ?? '').localeCompare(a.fechaAlta ?? ''));
  return live[0];
}

/** A live electricity contract other than `newest`: the one the customer switches to. */
function anotherLiveElectricity(points: SupplyPoint[], newest: SupplyPoint): SupplyPoint {
  const other = points.find(
    (point) => point.line === 'Electricidad' && !ended(point) && point.codAbonado !== newest.codAbonado,
  );
  if (!other) throw new Error('the demo customer needs two live electricity contracts');
  return other;
}

describe('the selected supply', () => {
  it('with none chosen, Facturas and Consumo open the newest live electricity contract', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    // demo's first contract in the list ended long ago: the menu must not open that one.
    expect(ended(points[0])).toBe(true);
    await renderRoute('/');
    const menu = await mainMenu();
    expect(menu.getByRole('link', { name: 'Facturas' })).toHaveAttribute(
      'href',
      `/invoices/${newest.codAbonado}`,
    );
    expect(menu.getByRole('link', { name: 'Consumo' })).toHaveAttribute(
      'href',
      `/telemetry/${newest.codAbonado}`,
    );
  });

  it('lists every supply with CUPS, address, line and state, live first and Baja last', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    await renderRoute(`/telemetry/${newest.codAbonado}`);
    const select = await selector();
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(points.length);
    expect(select).toHaveValue(newest.codAbonado);
    const states = options.map((option) => option.textContent?.split(' · ').at(-1));
    const firstEnded = states.indexOf('Baja');
    expect(firstEnded).toBeGreaterThan(0);
    expect(states.slice(firstEnded).every((state) => state === 'Baja')).toBe(true);
    expect(states.slice(0, firstEnded).every((state) => state === 'Alta')).toBe(true);
    const point = points.find((candidate) => candidate.codAbonado === newest.codAbonado)!;
    expect(options[0].textContent).toContain(point.cups);
    expect(options[0].textContent).toContain(point.ciudad);
    expect(options[0].textContent).toContain('Electricidad');
    expect(options.filter((option) => option.textContent?.endsWith('Baja'))).toHaveLength(
      points.filter(ended).length,
    );
  });

  it('moves the current screen to the supply chosen, and the menu opens it', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    const other = anotherLiveElectricity(points, newest);
    const { router, user } = await renderRoute(`/invoices/${newest.codAbonado}`);
    await chooseSupply(user, other.codAbonado);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${other.codAbonado}`));
    expect(await selector()).toHaveValue(other.codAbonado);
    const menu = await mainMenu();
    expect(menu.getByRole('link', { name: 'Facturas' })).toHaveAttribute(
      'href',
      `/invoices/${other.codAbonado}`,
    );
    expect(menu.getByRole('link', { name: 'Consumo' })).toHaveAttribute(
      'href',
      `/telemetry/${other.codAbonado}`,
    );
  });

  it('does not move the screen on choosing alone (arrow keys fire a change per key): only Ver moves it', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    const other = anotherLiveElectricity(points, newest);
    const { router, user } = await renderRoute(`/invoices/${newest.codAbonado}`);
    await user.selectOptions(await selector(), other.codAbonado);
    expect(router.state.location.pathname).toBe(`/invoices/${newest.codAbonado}`);
    expect(await selector()).toHaveValue(other.codAbonado);
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${other.codAbonado}`));
  });

  it('takes telemetry to the certificate when a gas supply is chosen', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    const gas = points.find((point) => point.line === 'Gas' && !ended(point))!;
    const { router, user } = await renderRoute(`/telemetry/${newest.codAbonado}`);
    await chooseSupply(user, gas.codAbonado);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/certificate/${gas.codAbonado}`));
    expect((await mainMenu()).getByRole('link', { name: 'Consumo' })).toHaveAttribute(
      'href',
      `/certificate/${gas.codAbonado}`,
    );
  });

  it('survives a reload: the choice is stored under selectedProduct and read back', async () => {
    const points = await storeDemoSupplies();
    const newest = expectedDefault(points);
    const other = anotherLiveElectricity(points, newest);
    const { store, user, router } = await renderRoute(`/telemetry/${newest.codAbonado}`);
    await chooseSupply(user, other.codAbonado);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/telemetry/${other.codAbonado}`));
    await store.persistor.flush();
    expect(JSON.parse(localStorage.getItem('selectedProduct') ?? 'null')).toEqual({
      line: 'Electricidad',
      cups: other.cups,
      codAbonado: other.codAbonado,
    });
    // A fresh store from localStorage, as after a reload.
    const { store: reloaded } = await makeTestStore();
    expect(reloaded.getState().contracts.selectedProduct?.codAbonado).toBe(other.codAbonado);
  });
});

describe('supply order and default', () => {
  const point = (
    codAbonado: string,
    line: SupplyPoint['line'],
    fechaAlta: string,
    fechaBaja: string | null,
  ) => ({
    cups: `ES${codAbonado}`,
    codAbonado,
    line,
    fechaAlta,
    fechaBaja,
  });
  const today = '2026-11-28';
  const list = cupsListOf([
    point('E-old', 'Electricidad', '2010-01-01', '2018-03-01'),
    point('E-a', 'Electricidad', '2016-01-01', null),
    point('E-b', 'Electricidad', '2020-05-01', null),
    point('E-future-end', 'Electricidad', '2019-01-01', '2027-01-01'),
    point('E-new', 'Electricidad', '2026-11-28', null),
    point('G-a', 'Gas', '2021-01-01', null),
    point('G-old', 'Gas', '2011-01-01', '2015-01-01'),
  ]);

  it('puts live supplies first, electricity before gas, newest first, ended ones last', () => {
    expect(supplyChoices(list, today).map((p) => p.codAbonado)).toEqual([
      'E-new',
      'E-b',
      'E-future-end',
      'E-a',
      'G-a',
      'E-old',
      'G-old',
    ]);
  });

  it.each([
    ['the newest started live electricity contract', list, 'E-b'],
    [
      'the newest live gas contract without live electricity',
      cupsListOf([
        point('E-old', 'Electricidad', '2010-01-01', '2018-03-01'),
        point('G-a', 'Gas', '2021-01-01', null),
      ]),
      'G-a',
    ],
    [
      'an ended one when no other is left',
      cupsListOf([point('E-old', 'Electricidad', '2010-01-01', '2018-03-01')]),
      'E-old',
    ],
  ])('defaults to %s', (_what, cups, expected) => {
    expect(defaultSupply(cups, today)?.codAbonado).toBe(expected);
  });

  it('has no default without supplies', () => {
    expect(defaultSupply(null, today)).toBeNull();
  });
});
