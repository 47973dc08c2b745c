/**
 * The two populations of users. Each realm has its own accounts and its own URL prefix; a token carries the
 * realm it was issued in and is refused in the other.
 */
export const REALMS = ['cliente', 'fincas'] as const;

export type Realm = (typeof REALMS)[number];

export const REALM_PREFIX: Record<Realm, string> = {
  cliente: '/api/cliente',
  fincas: '/api/fincas',
};
