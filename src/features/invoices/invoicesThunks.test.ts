import { setupServer } from 'msw/node';
import { makeTestStore } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { asList, launchDateSpan } from './invoiceDisplay';
import { invoicesApi } from './invoicesApi';
import { filledDates } from './invoiceSchemas';
import { emptyFilters, searchSubmitted } from './invoicesSlice';
import { lineListArgs, openLineInvoices } from './invoicesThunks';
import { LINE_SCREENS } from './useAllInvoices';

// The default query then the dates it fills, on a real store against the real server (spec 02 §4). The
// network fake only counts the calls.
const network = setupServer();
const asked: string[] = [];
beforeAll(() => {
  network.listen({ onUnhandledRequest: 'bypass' });
  network.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
});
afterAll(() => network.close());

async function openedStore() {
  await signInAs();
  const { store } = await makeTestStore();
  asked.length = 0;
  return store;
}

describe('openLineInvoices', () => {
  it('asks both lists of /allinvoices, then fills Desde and Hasta from every invoice they answered', async () => {
    const store = await openedStore();
    await store.dispatch(openLineInvoices('electricity', LINE_SCREENS.electricity, null));
    expect(asked).toEqual([
      '/api/cliente/ov/invoices/api/fullbilling',
      '/api/cliente/ov/invoices/api/fullbilling',
    ]);

    const state = store.getState();
    const args = lineListArgs(state.invoices.searches.electricity, 'Gas', null);
    // The arguments the screen's hooks build find the same answers in the cache.
    const answers = [args.simple, args.unified].map((each) =>
      invoicesApi.endpoints.fullbilling.select(each)(state),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled']);
    const span = launchDateSpan(
      answers.flatMap((answer) => asList(answer.data?.Invoice).map((row) => row.launchDate)),
    );
    expect(span).not.toBeNull();
    const { from, to } = state.invoices.searches.electricity.filters;
    expect({ from, to }).toEqual(filledDates(span!, 'oneMonth'));
  });

  it('leaves the dates of a search made while the default answer was on its way', async () => {
    const store = await openedStore();
    const opening = store.dispatch(openLineInvoices('gas', LINE_SCREENS.gas, null));
    const typed = { ...emptyFilters, from: '2025-03-01', to: '2025-03-10' };
    store.dispatch(searchSubmitted({ screen: 'gas', filters: typed }));
    await opening;
    expect(store.getState().invoices.searches.gas.filters).toEqual(typed);
  });

  it('asks nothing once the dates are filled', async () => {
    const store = await openedStore();
    await store.dispatch(openLineInvoices('electricity', LINE_SCREENS.electricity, null));
    asked.length = 0;
    await store.dispatch(openLineInvoices('electricity', LINE_SCREENS.electricity, null));
    expect(asked).toEqual([]);
  });
});
