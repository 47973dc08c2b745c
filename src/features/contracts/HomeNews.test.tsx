import { screen, within } from '@testing-library/react';
import { signInAs } from '@/test/realSession';
import { renderRoute } from '@/test/renderRoute';
import { addDays, madridToday, openServerDatabase } from '@/test/serverDatabase';
import { LATEST_INVOICE_TITLE, NEW_MARK, NEW_REQUESTS_LABEL } from './contractsMessages';

const DEMO2 = { username: 'demo2', password: 'Demo2024!' };

/** The real test server's database: what time would bring (a new invoice, a request answered) is written here. */
const db = openServerDatabase();
afterAll(() => db.destroy());

describe('home: "Nueva" since the previous sign-in', () => {
  it('marks the latest invoice and a request the retailer changed, and nothing else', async () => {
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'holder_id'])
      .where('username', '=', 'demo2')
      .executeTakeFirstOrThrow();
    const latest = await db
      .selectFrom('invoices')
      .select(['id', 'launch_date'])
      .where('holder_id', '=', account.holder_id!)
      .where('kind', '!=', 'P')
      .orderBy('launch_date', 'desc')
      .executeTakeFirstOrThrow();
    const issue = await db
      .selectFrom('issues')
      .select(['id', 'subject', 'status', 'updated_at'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    try {
      await signInAs(DEMO2);
      await renderRoute('/');
      const invoiceTitle = await screen.findByRole('heading', { name: LATEST_INVOICE_TITLE });
      expect(await screen.findByText(/\d+,\d\d €/)).toBeInTheDocument();
      expect(within(invoiceTitle).queryByText(NEW_MARK)).toBeNull();
      expect(screen.queryByRole('list', { name: NEW_REQUESTS_LABEL })).toBeNull();

      await db
        .updateTable('invoices')
        .set({ launch_date: addDays(madridToday(), 1) })
        .where('id', '=', latest.id)
        .execute();
      await db
        .updateTable('issues')
        .set({ status: 'En curso', updated_at: new Date(Date.now() + 1000).toISOString() })
        .where('id', '=', issue.id)
        .execute();
      await signInAs(DEMO2);
      await renderRoute('/');
      const marked = await screen.findByRole('heading', { name: `${LATEST_INVOICE_TITLE} ${NEW_MARK}` });
      expect(within(marked).getByText(NEW_MARK)).toBeInTheDocument();
      const news = await screen.findByRole('list', { name: NEW_REQUESTS_LABEL });
      expect(within(news).getByRole('link', { name: issue.subject })).toHaveAttribute(
        'href',
        `/issues/${issue.id}`,
      );
      expect(within(news).getByText('Estado: En curso')).toBeInTheDocument();
    } finally {
      await db
        .updateTable('invoices')
        .set({ launch_date: latest.launch_date })
        .where('id', '=', latest.id)
        .execute();
      await db
        .updateTable('issues')
        .set({ status: issue.status, updated_at: issue.updated_at })
        .where('id', '=', issue.id)
        .execute();
    }
  });
});
