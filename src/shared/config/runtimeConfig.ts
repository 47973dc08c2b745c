export interface SocialLink {
  name: string;
  url: string;
}

export interface RuntimeConfig {
  apiBaseCliente: string;
  apiBaseFincas: string;
  /** The retailer's staff (issue 27); a configuration without it uses the reference server's path. */
  apiBaseAtencion: string;
  titlePrefix: string;
  brandCode: string;
  company: {
    name: string;
    /** The brand logo shown in the header, an SVG file served beside the app (public/logo.svg by default). */
    logo: string;
    phone: string;
    customerServicePhone: string;
    email: string;
    postalAddress: string;
    social: SocialLink[];
  };
  diagnostics: {
    testPageUrl: string | null;
    geoIpUrl: string | null;
  };
  /**
   * The out-of-court dispute bodies a claim may go to (Ley 10/2025, issue 27): consumer arbitration and the
   * energy sector's body. Shown when a claim is resolved or its deadline has passed.
   */
  disputeResolution: SocialLink[];
}

export class RuntimeConfigError extends Error {}

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseCliente: '/api/cliente',
  apiBaseFincas: '/api/fincas',
  apiBaseAtencion: '/api/atencion',
  titlePrefix: 'Oficina Virtual',
  brandCode: 'EDI',
  company: {
    name: 'Energía Demo Ibérica, S.L.',
    logo: '/logo.svg',
    phone: '900 100 200',
    customerServicePhone: '900 100 200',
    email: 'clientes@energiademo.example',
    postalAddress: 'Paseo de la Castellana 100, 28046 Madrid',
    social: [],
  },
  diagnostics: { testPageUrl: null, geoIpUrl: null },
  disputeResolution: [
    {
      name: 'Junta Arbitral de Consumo (Sistema Arbitral de Consumo)',
      url: 'https://www.consumo.gob.es/es/consumo/arbitraje-de-consumo',
    },
    {
      name: 'Ministerio para la Transición Ecológica y el Reto Demográfico (resolución de litigios del sector energético)',
      url: 'https://www.miteco.gob.es/es/energia/atencion-al-consumidor.html',
    },
  ],
};

let current: RuntimeConfig = defaultRuntimeConfig;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(source: Record<string, unknown>, key: string, path: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`${path}${key} debe ser un texto no vacío`);
  }
  return value;
}

function optionalUrl(source: Record<string, unknown>, key: string, path: string): string | null {
  const value = source[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`${path}${key} debe ser un texto o null`);
  }
  return value;
}

/** The logo must name an SVG by a path or an http(s) URL: the header draws it as an image, never as a script. */
function requireSvg(source: Record<string, unknown>, key: string, path: string): string {
  const value = requireString(source, key, path);
  const withoutQuery = value.split(/[?#]/)[0].toLowerCase();
  if (!/^(\/|https?:\/\/)/i.test(value) || !withoutQuery.endsWith('.svg')) {
    throw new RuntimeConfigError(`${path}${key} debe ser la ruta o la URL de un fichero .svg`);
  }
  return value;
}

/** A list of named links (the social networks, the dispute bodies). */
function links(raw: unknown, path: string): SocialLink[] {
  if (!Array.isArray(raw)) throw new RuntimeConfigError(`${path} debe ser una lista`);
  return raw.map((entry, index) => {
    if (!isRecord(entry)) throw new RuntimeConfigError(`${path}[${index}] debe ser un objeto`);
    return {
      name: requireString(entry, 'name', `${path}[${index}].`),
      url: requireString(entry, 'url', `${path}[${index}].`),
    };
  });
}

/** Checks an untrusted config.json and returns it typed; throws RuntimeConfigError naming the first bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new RuntimeConfigError('la configuración no es un objeto JSON');
  const company = raw.company;
  if (!isRecord(company)) throw new RuntimeConfigError('company debe ser un objeto');
  const social = links(company.social ?? [], 'company.social');
  const disputeResolution =
    raw.disputeResolution === undefined
      ? defaultRuntimeConfig.disputeResolution
      : links(raw.disputeResolution, 'disputeResolution');
  const diagnostics = raw.diagnostics ?? {};
  if (!isRecord(diagnostics)) throw new RuntimeConfigError('diagnostics debe ser un objeto');
  return {
    apiBaseCliente: requireString(raw, 'apiBaseCliente', ''),
    apiBaseFincas: requireString(raw, 'apiBaseFincas', ''),
    apiBaseAtencion:
      raw.apiBaseAtencion === undefined
        ? defaultRuntimeConfig.apiBaseAtencion
        : requireString(raw, 'apiBaseAtencion', ''),
    titlePrefix: requireString(raw, 'titlePrefix', ''),
    brandCode: requireString(raw, 'brandCode', ''),
    company: {
      name: requireString(company, 'name', 'company.'),
      logo: requireSvg(company, 'logo', 'company.'),
      phone: requireString(company, 'phone', 'company.'),
      customerServicePhone: requireString(company, 'customerServicePhone', 'company.'),
      email: requireString(company, 'email', 'company.'),
      postalAddress: requireString(company, 'postalAddress', 'company.'),
      social,
    },
    diagnostics: {
      testPageUrl: optionalUrl(diagnostics, 'testPageUrl', 'diagnostics.'),
      geoIpUrl: optionalUrl(diagnostics, 'geoIpUrl', 'diagnostics.'),
    },
    disputeResolution,
  };
}

/** The id of the JSON data block in which the server sends the configuration inside the page. */
export const CONFIG_BLOCK_ID = 'ov-config';

/**
 * Installs the configuration from the page's data block, synchronously (no round trip before the first screen);
 * without the block (the page served by another host) it fetches /config.json.
 */
export function installRuntimeConfig(): RuntimeConfig | Promise<RuntimeConfig> {
  const block = document.getElementById(CONFIG_BLOCK_ID);
  if (!block) return loadRuntimeConfig();
  let raw: unknown;
  try {
    raw = JSON.parse(block.textContent ?? '');
  } catch {
    throw new RuntimeConfigError('la configuración de la página no es JSON válido');
  }
  const config = parseRuntimeConfig(raw);
  setRuntimeConfig(config);
  return config;
}

/** Fetches /config.json (served beside the bundle, editable without a rebuild) and installs it. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new RuntimeConfigError('no se ha podido descargar config.json');
  }
  if (!response.ok) throw new RuntimeConfigError(`config.json respondió ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new RuntimeConfigError('config.json no es JSON válido');
  }
  const config = parseRuntimeConfig(raw);
  setRuntimeConfig(config);
  return config;
}
