import { act, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { openServerDatabase } from '@/test/serverDatabase';
import { ERROR_SUMMARY_TITLE } from '@/shared/ui/formMessages';
import {
  PERMISSION_ALL_SUPPLIES,
  PERMISSION_ERRORS,
  PERMISSION_FAILED,
  PERMISSION_FORM,
  PERMISSION_REVOKE,
  PERMISSION_REVOKE_CONFIRM,
  PERMISSION_REVOKE_YES,
  PERMISSIONS_ACTIVE,
  PERMISSIONS_NONE_ACTIVE,
  PERMISSIONS_PAST,
  PERMISSIONS_TITLE,
} from './accountMessages';

// Issue 28, "Permisos de acceso" in Mi cuenta against the real server: demo2 gives a trusted person's document
// access, keyboard only, reads it in the list and revokes it; a wrong document changes nothing. demo2, not demo:
// what a grant writes in the holder's record would meet the tests of demo's empty Registro de accesos.

const HOLDER = { username: 'demo2', password: 'Demo2024!' };
/** A NIE with its right check letter, nobody's account: no other test's customer becomes a grantee. */
const GRANTEE_DOCUMENT = 'X1234567L';
const MASKED_GRANTEE = '***4567L';

const db = openServerDatabase();
afterAll(() => db.destroy());

const holderAccount = async () =>
  db
    .selectFrom('accounts')
    .select(['id', 'holder_id'])
    .where('realm', '=', 'cliente')
    .where('username', '=', HOLDER.username)
    .executeTakeFirstOrThrow();

const grantsOfHolder = async () =>
  db
    .selectFrom('access_grants')
    .select(['id', 'grantee_document', 'all_supplies', 'scope', 'revoked_at'])
    .where('account_id', '=', (await holderAccount()).id)
    .execute();

// What a test gave, and what that wrote in the holder's record, goes: the next one starts with none.
afterEach(async () => {
  const holder = await holderAccount();
  await db.deleteFrom('access_grants').where('account_id', '=', holder.id).execute();
  await db.deleteFrom('access_records').where('holder_id', '=', holder.holder_id!).execute();
});

/** Where a keyboard user's Tab would have brought the focus (the blur it causes runs inside act). */
const focusOn = (element: HTMLElement) =>
  act(async () => {
    element.focus();
    await Promise.resolve();
  });

const section = async () =>
  within((await screen.findByRole('heading', { name: PERMISSIONS_TITLE, level: 2 })).closest('section')!);

async function openPermissions() {
  await signInAs(HOLDER);
  const { user } = await renderRoute('/admin');
  const permissions = await section();
  // The form is there once the server has said which supplies demo2 may share.
  const documentField = await permissions.findByLabelText(PERMISSION_FORM.document);
  return { user, permissions, documentField };
}

describe('Mi cuenta: Permisos de acceso', () => {
  it('gives one supply, keyboard only, lists it in force and revokes it after asking', async () => {
    const { user, permissions, documentField } = await openPermissions();
    expect(permissions.getByText(PERMISSIONS_NONE_ACTIVE)).toBeInTheDocument();
    const supplies = within(permissions.getByRole('group', { name: PERMISSION_FORM.supplies }));
    // The second checkbox is the first supply (the first is "Todos mis suministros").
    const firstSupply = supplies.getAllByRole<HTMLInputElement>('checkbox')[1];
    // Its label: the CUPS, then the address.
    const cups = (firstSupply.parentElement?.textContent ?? '').split(' · ')[0];

    await focusOn(documentField);
    await user.keyboard(GRANTEE_DOCUMENT);
    await user.tab();
    await user.tab();
    expect(firstSupply).toHaveFocus();
    await user.keyboard(' ');
    expect(firstSupply).toBeChecked();
    // Enter in the documentField field sends the form, with the dates and the scope it pre-fills.
    await focusOn(documentField);
    await user.keyboard('{Enter}');

    expect(
      await permissions.findByText('Permiso dado. Le hemos enviado un correo con sus datos.'),
    ).toBeInTheDocument();
    const active = within(await permissions.findByRole('region', { name: PERMISSIONS_ACTIVE }));
    const row = within((await active.findByText(MASKED_GRANTEE)).closest('tr')!);
    expect(row.getByText(new RegExp(`^${cups} · `))).toBeInTheDocument();
    expect(row.getByText('Consumo')).toBeInTheDocument();
    expect(row.getByText('Vigente')).toBeInTheDocument();
    expect(await grantsOfHolder()).toEqual([
      expect.objectContaining({
        grantee_document: GRANTEE_DOCUMENT,
        all_supplies: 0,
        scope: 'consumo',
        revoked_at: null,
      }),
    ]);

    await focusOn(row.getByRole('button', { name: PERMISSION_REVOKE }));
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(PERMISSION_REVOKE_CONFIRM(MASKED_GRANTEE))).toBeInTheDocument();
    await focusOn(dialog.getByRole('button', { name: PERMISSION_REVOKE_YES }));
    await user.keyboard('{Enter}');

    expect(
      await permissions.findByText('Permiso revocado: desde ahora esa persona no puede consultar sus datos.'),
    ).toBeInTheDocument();
    const past = within(await permissions.findByRole('region', { name: PERMISSIONS_PAST }));
    expect(within(past.getByText(MASKED_GRANTEE).closest('tr')!).getByText('Revocado')).toBeInTheDocument();
    expect(permissions.getByText(PERMISSIONS_NONE_ACTIVE)).toBeInTheDocument();
    expect((await grantsOfHolder())[0].revoked_at).not.toBeNull();
  });

  it('says what is wrong in Spanish and stores nothing: a document without its check letter, no supply, their own', async () => {
    const { user, permissions, documentField } = await openPermissions();
    await focusOn(documentField);
    await user.keyboard('12345678A{Enter}');
    // Each error under its field and again in the summary above the form.
    await waitFor(() => expect(documentField).toHaveAccessibleDescription(PERMISSION_ERRORS.document));
    expect(await permissions.findByRole('link', { name: PERMISSION_ERRORS.supplies })).toBeInTheDocument();
    expect(permissions.getAllByText(PERMISSION_ERRORS.supplies)).toHaveLength(2);

    // The error summary takes the focus; its first link leads back to the document field, where demo2 writes its own
    // NIF: the form's check passes it, the server refuses it.
    await waitFor(() => expect(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('link', { name: PERMISSION_ERRORS.document })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(documentField).toHaveFocus();
    const own = (
      await db
        .selectFrom('accounts')
        .innerJoin('holders', 'holders.id', 'accounts.holder_id')
        .select('holders.nif')
        .where('accounts.id', '=', (await holderAccount()).id)
        .executeTakeFirstOrThrow()
    ).nif;
    await user.keyboard(`{Control>}a{/Control}${own}`);
    await user.tab();
    await user.keyboard(' ');
    expect(permissions.getByLabelText('Todos mis suministros')).toBeChecked();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(
      await permissions.findByText(`${PERMISSION_FAILED} No puede darse permiso a sí mismo.`),
    ).toBeInTheDocument();
    expect(await grantsOfHolder()).toEqual([]);
  });

  it('says "all my supplies" in one line with their number, and lists them when opened', async () => {
    const { user, permissions, documentField } = await openPermissions();
    const supplies = within(permissions.getByRole('group', { name: PERMISSION_FORM.supplies }));
    const count = supplies.getAllByRole('checkbox').length - 1;
    expect(count).toBeGreaterThan(1);

    await focusOn(documentField);
    await user.keyboard(GRANTEE_DOCUMENT);
    await user.tab();
    await user.keyboard(' ');
    await user.click(permissions.getByLabelText('El consumo y las facturas (también el contrato)'));
    await focusOn(documentField);
    await user.keyboard('{Enter}');

    const active = within(await permissions.findByRole('region', { name: PERMISSIONS_ACTIVE }));
    const summary = await active.findByText(PERMISSION_ALL_SUPPLIES(count));
    const row = within(summary.closest('tr')!);
    expect(row.getByText('Consumo y facturas')).toBeInTheDocument();
    expect(row.getAllByRole('listitem', { hidden: true })).toHaveLength(count);
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    await waitFor(() => expect(summary.closest('details')).toHaveAttribute('open'));
    expect(await grantsOfHolder()).toEqual([
      expect.objectContaining({ all_supplies: 1, scope: 'consumo_facturas' }),
    ]);
  });
});
