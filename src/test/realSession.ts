import { storeSession } from './session';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_STAFF, testApiOrigin } from './testConfig';

/**
 * Signs in against the real test server and stores the session as a signed-in browser has it, so a page
 * rendered afterwards with renderRoute talks to the server as that user.
 */
export async function signInAs(
  account: { username: string; password: string } = DEMO_CUSTOMER,
  { admin = account === DEMO_ADMIN, staff = account === DEMO_STAFF } = {},
): Promise<{ accessToken: string }> {
  const base = `${testApiOrigin()}/api/${staff ? 'atencion' : admin ? 'fincas' : 'cliente'}`;
  const answer = await fetch(`${base}/ov/user/api/privateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, isAdministradorFinca: admin }),
  });
  if (!answer.ok) throw new Error(`No se pudo entrar como ${account.username}: ${answer.status}`);
  const tokens = (await answer.json()) as { access_token: string; refresh_token: string; email: string };
  storeSession({ admin, token: tokens.access_token });
  if (staff) localStorage.setItem('isAtencion', 'true');
  localStorage.setItem('refresh_token', tokens.refresh_token);
  localStorage.setItem('email', tokens.email);
  const profile = await fetch(`${base}/ov/user/api/me`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  localStorage.setItem('profile', JSON.stringify(await profile.json()));
  return { accessToken: tokens.access_token };
}
