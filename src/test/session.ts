/** A JWT-shaped token (unsigned) whose payload carries `exp`; the SPA never verifies signatures. */
export function fakeToken(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const encode = (value: object) =>
    Buffer.from(JSON.stringify(value))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'test', exp: expSeconds, ...extra })}.firma`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
export const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;

/** Stores a session the way a signed-in browser has it (documented keys, plain text). */
export function storeSession({ admin = false, token = fakeToken(inOneHour()) } = {}) {
  localStorage.setItem('accessToken', token);
  localStorage.setItem('user-token', token);
  localStorage.setItem('refresh_token', 'refresco');
  localStorage.setItem('email', admin ? 'admin@fincas.example' : 'demo@example.com');
  localStorage.setItem('isAdministrador', admin ? 'true' : 'false');
  localStorage.setItem('isLeaving', 'false');
}
