// The code every screen loads first (store, router, session) must not need moment: it would put moment in the
// /login download, which issue 23 holds under 155 kB. Routes that show dates load it in their own chunk.
jest.mock('moment', () => {
  throw new Error('moment cargado por el código de la primera pantalla');
});

describe('the first screen', () => {
  it('builds the store and the router without loading moment', async () => {
    const { makeStore } = await import('./store');
    const { createAppRouter } = await import('./router');
    expect(makeStore().getState()).toBeDefined();
    expect(createAppRouter).toBeInstanceOf(Function);
  });
});
