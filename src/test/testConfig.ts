import { defaultRuntimeConfig, type RuntimeConfig } from '@/shared/config/runtimeConfig';
import { TEST_API_ORIGIN_ENV } from './serverHandle';

/** The real reference server started by globalSetup (absolute URLs: RTK Query under Node needs them). */
export function testApiOrigin(): string {
  const origin = process.env[TEST_API_ORIGIN_ENV];
  if (!origin) throw new Error(`${TEST_API_ORIGIN_ENV} is not set: globalSetup did not start the server`);
  return origin;
}

export function testRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const origin = process.env[TEST_API_ORIGIN_ENV] ?? 'http://127.0.0.1:9';
  return {
    ...defaultRuntimeConfig,
    apiBaseCliente: `${origin}/api/cliente`,
    apiBaseFincas: `${origin}/api/fincas`,
    apiBaseAtencion: `${origin}/api/atencion`,
    company: {
      ...defaultRuntimeConfig.company,
      social: [{ name: 'X', url: 'https://x.com/energiademo' }],
    },
    ...overrides,
  };
}

export const DEMO_CUSTOMER = { username: 'demo', password: 'Demo2024!' };
export const DEMO_ADMIN = { username: 'admin@fincas.example', password: 'Fincas2024!' };
/** The seeded member of the retailer's staff (issue 27, realm atencion; server/src/db/seed/staff.ts). */
export const DEMO_STAFF = {
  username: 'agente@energiademo.example',
  password: 'Agente2024!',
  name: 'Lucía Navarro',
};
