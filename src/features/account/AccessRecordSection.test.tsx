import { screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { addDays, madridToday, openServerDatabase } from '@/test/serverDatabase';
import { DEMO_CUSTOMER } from '@/test/testConfig';
import { ADMIN_MENU, MY_DATA_TITLE, RECORD_EMPTY, RECORD_FILTERS, RECORD_TITLE } from './accountMessages';

const db = openServerDatabase();
afterAll(() => db.destroy());

const demoHolder = async () =>
  (
    await db
      .selectFrom('accounts')
      .select('holder_id')
      .where('realm', '=', 'cliente')
      .where('username', '=', DEMO_CUSTOMER.username)
      .executeTakeFirstOrThrow()
  ).holder_id!;

// The record is the demo customer's own: what a test wrote there goes, so the next one starts empty.
afterEach(async () => {
  await db
    .deleteFrom('access_records')
    .where('holder_id', '=', await demoHolder())
    .execute();
});

/** "01/11/2026" for 2026-11-01: what a user types in a date field. */
const typed = (day: string) => day.split('-').reverse().join('/');

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
    const holder = await demoHolder();
    const [first, second] = await db
      .selectFrom('contracts')
      .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
      .select(['contracts.id', 'supply_points.cups'])
      .where('contracts.holder_id', '=', holder)
      .orderBy('contracts.id')
      .limit(2)
      .execute();
    const today = madridToday();
    const read = (contract: typeof first, daysAgo: number, dataKind: string) => ({
      holder_id: holder,
      contract_id: contract.id,
      cups: contract.cups,
      actor_kind: 'Administrador de fincas',
      actor_initials: 'A. G.',
      actor_document: '***4567Z',
      data_kind: dataKind,
      created_at: `${addDays(today, -daysAgo)}T09:15:00.000Z`,
    });
    // Twelve reads, as an administrator's calls leave them: ten of the first supply (page 1, newest first),
    // then two older of the second (page 2).
    await db
      .insertInto('access_records')
      .values([
        ...Array.from({ length: 10 }, (_, i) => read(first, i + 1, 'Curva de carga')),
        read(second, 20, 'Telemedida'),
        read(second, 21, 'Facturas'),
      ])
      .execute();

    await signInAs();
    const { user } = await renderRoute('/admin');
    const record = await section();
    expect(await record.findAllByText('Administrador de fincas: A. G. · ***4567Z')).toHaveLength(10);
    expect(record.getAllByText('Curva de carga')).toHaveLength(10);
    expect(record.queryByText(second.cups)).not.toBeInTheDocument();
    await user.click(record.getByRole('button', { name: /2/ }));
    expect(await record.findAllByText(second.cups)).toHaveLength(2);
    expect(record.queryByText('Curva de carga')).not.toBeInTheDocument();
    // Written with a space in it, as on a paper bill: the server reads the CUPS without it.
    await user.type(
      record.getByLabelText(RECORD_FILTERS.cups),
      `${second.cups.slice(0, 10)} ${second.cups.slice(10)}`,
    );
    // A date the field cannot read is said under it, and the list stays as it was.
    await user.type(record.getByLabelText(RECORD_FILTERS.from), '31/02/2026');
    await user.click(record.getByRole('button', { name: RECORD_FILTERS.apply }));
    expect(await record.findByText('Introduzca la fecha con el formato DD/MM/AAAA.')).toBeInTheDocument();
    expect(record.getByText('Facturas')).toBeInTheDocument();
    await user.clear(record.getByLabelText(RECORD_FILTERS.from));
    await user.type(record.getByLabelText(RECORD_FILTERS.from), typed(addDays(today, -20)));
    await user.click(record.getByRole('button', { name: RECORD_FILTERS.apply }));
    // From the 20th day back: the second supply's newer read only.
    await waitFor(() => {
      expect(record.queryByText('Facturas')).not.toBeInTheDocument();
      expect(record.getByText('Telemedida')).toBeInTheDocument();
    });
    expect(record.getAllByText(second.cups)).toHaveLength(1);
  });
});
