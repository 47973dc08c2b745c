/**
 * The three populations of users: customers, property administrators and the retailer's staff (issue 27). Each realm has its own accounts and its own URL prefix; a token carries the
 * realm it was issued in and is refused in the other.
 */
export const REALMS = ['cliente', 'fincas', 'atencion'] as const;

export type Realm = (typeof REALMS)[number];

export const REALM_PREFIX: Record<Realm, string> = {
  cliente: '/api/cliente',
  fincas: '/api/fincas',
  atencion: '/api/atencion',
};
