import { persistReducer, type PersistConfig, type Storage } from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/lib/stateReconciler/autoMergeLevel2';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';

type Format = 'string' | 'boolean' | 'number' | 'json';

interface KeyMapping {
  key: string;
  slice: PersistedSlice;
  field: string;
  format: Format;
  /** Written as a copy of another key for code of the original model; read only as a fallback. */
  mirrorOf?: string;
}

/**
 * One localStorage entry per documented key (spec 01 §3, spec 02 §3, DECISIONS "Session and storage"):
 *
 * | localStorage key           | store field                          | stored text          |
 * |----------------------------|--------------------------------------|----------------------|
 * | accessToken                | auth.accessToken                     | the token as is      |
 * | user-token                 | auth.accessToken (copy)              | the token as is      |
 * | refresh_token              | auth.refreshToken                    | the token as is      |
 * | email                      | auth.email                           | as is                |
 * | isAdministrador            | auth.isAdministrador                 | 'true' / 'false'     |
 * | isAtencion                 | auth.isAtencion (staff, issue 27)    | 'true' / 'false'     |
 * | profile                    | auth.profile                         | JSON                 |
 * | isLeaving                  | auth.isLeaving                       | 'true' / 'false'     |
 * | cups                       | contracts.cups                       | JSON                 |
 * | contracts                  | contracts.contracts                  | JSON                 |
 * | selectedProduct            | contracts.selectedProduct            | JSON                 |
 * | cupsRequestCount           | contracts.cupsRequestCount           | decimal text         |
 * | totalElectricidad          | contracts.totalElectricidad          | decimal text         |
 * | totalGas                   | contracts.totalGas                   | decimal text         |
 * | totalContractsElectricidad | contracts.totalContractsElectricidad | decimal text         |
 * | totalContractsGas          | contracts.totalContractsGas          | decimal text         |
 * | hasUnicasInvoices          | contracts.hasUnicasInvoices          | 'true' / 'false'     |
 * | issues                     | issues.issues                        | JSON                 |
 * | openIssuesCount            | issues.openIssuesCount               | decimal text         |
 * | selectedIssue              | issues.selectedIssue                 | JSON                 |
 * | categoryIDCached           | issues.categoryIDCached              | as is                |
 * | subcategoriesSelected      | issues.subcategoriesSelected         | JSON                 |
 *
 * A null field removes its key. Fields not in the table (auth.status, the RTK Query cache 'api', the other
 * slices) are never written.
 */
export const PERSISTED_SLICES = ['auth', 'contracts', 'issues'] as const;
type PersistedSlice = (typeof PERSISTED_SLICES)[number];

/** The store fields kept under a key of their own name, by slice, with the text they are stored as. */
const SAME_NAME_FIELDS: Record<PersistedSlice, Record<string, Format>> = {
  auth: {
    accessToken: 'string',
    email: 'string',
    isAdministrador: 'boolean',
    isAtencion: 'boolean',
    profile: 'json',
    isLeaving: 'boolean',
  },
  contracts: {
    cups: 'json',
    contracts: 'json',
    selectedProduct: 'json',
    cupsRequestCount: 'number',
    totalElectricidad: 'number',
    totalGas: 'number',
    totalContractsElectricidad: 'number',
    totalContractsGas: 'number',
    hasUnicasInvoices: 'boolean',
  },
  issues: {
    issues: 'json',
    openIssuesCount: 'number',
    selectedIssue: 'json',
    categoryIDCached: 'string',
    subcategoriesSelected: 'json',
  },
};

export const SESSION_KEYS: readonly KeyMapping[] = [
  ...PERSISTED_SLICES.flatMap((slice) =>
    Object.entries(SAME_NAME_FIELDS[slice]).map(([field, format]) => ({ key: field, slice, field, format })),
  ),
  // The two keys of the original model named otherwise than their field.
  { key: 'user-token', slice: 'auth', field: 'accessToken', format: 'string', mirrorOf: 'accessToken' },
  { key: 'refresh_token', slice: 'auth', field: 'refreshToken', format: 'string' },
];

function toText(value: unknown, format: Format): string {
  if (format === 'json') return JSON.stringify(value);
  return String(value);
}

function fromText(text: string, format: Format): unknown {
  switch (format) {
    case 'string':
      return text;
    case 'boolean':
      return text === 'true';
    case 'number': {
      const number = Number(text);
      return text.trim() !== '' && Number.isFinite(number) ? number : undefined;
    }
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
  }
}

type Slices = Record<string, Record<string, unknown> | undefined>;

/** Writes every documented key from the store's slices, synchronously. */
export function writeSession(target: globalThis.Storage, slices: Slices): void {
  for (const { key, slice, field, format } of SESSION_KEYS) {
    const value = slices[slice]?.[field];
    if (value === null || value === undefined) target.removeItem(key);
    else target.setItem(key, toText(value, format));
  }
}

/** Reassembles the slices from the documented keys; null when none is stored. */
export function readSession(source: globalThis.Storage): Slices | null {
  const slices: Slices = {};
  let found = false;
  for (const { key, slice, field, format, mirrorOf } of SESSION_KEYS) {
    const text = source.getItem(key);
    if (text === null) continue;
    if (mirrorOf && source.getItem(mirrorOf) !== null) continue;
    const value = fromText(text, format);
    if (value === undefined) continue;
    slices[slice] = { ...slices[slice], [field]: value };
    found = true;
  }
  return found ? slices : null;
}

/**
 * redux-persist storage that spreads the persisted slices over the documented keys instead of one
 * `persist:…` entry. With `serialize: false` redux-persist hands setItem the state object itself.
 */
export function createSessionStorage(target: () => globalThis.Storage = () => window.localStorage): Storage {
  return {
    getItem: async () => readSession(target()),
    setItem: async (_key: string, state: Slices) => writeSession(target(), state),
    removeItem: async () => {
      for (const { key } of SESSION_KEYS) target().removeItem(key);
    },
  };
}

export function persistSession<S>(
  reducer: Reducer<S, UnknownAction>,
  storage: Storage = createSessionStorage(),
) {
  const config: PersistConfig<S> = {
    key: 'session',
    storage,
    whitelist: [...PERSISTED_SLICES] as (keyof S & string)[],
    serialize: false,
    deserialize: false,
    stateReconciler: autoMergeLevel2,
  } as PersistConfig<S>;
  return persistReducer(config, reducer);
}
