import { waitFor } from '@testing-library/react';
import { renderRoute } from '@/test/renderRoute';
import { signInAs } from '@/test/realSession';
import { testApiOrigin } from '@/test/testConfig';

const NO_PRODUCTS_USER = { username: 'sinproductos', password: 'Demo2024!' };

describe('the first-ever empty CUPS load', () => {
  it('also ends the session on the server, so its tokens stop working', async () => {
    const { accessToken } = await signInAs(NO_PRODUCTS_USER);
    const { router } = await renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const me = await fetch(`${testApiOrigin()}/api/cliente/ov/user/api/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(401);
  });
});
