import { createAsyncThunk } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiBaseFor, type Realm } from '@/shared/api/baseQuery';
import { httpStatusOf } from '@/shared/api/apiErrors';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { saveText } from '@/shared/lib/download';
import { authApi } from './authApi';

const THIRD_PARTY_TIMEOUT_MS = 10_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** diagnostico-oficina-virtual-YYYYMMDD-HHmm.txt (local time); no moment on the login route. */
export function diagnosticFileName(date: Date): string {
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  return `diagnostico-oficina-virtual-${day}-${pad(date.getHours())}${pad(date.getMinutes())}.txt`;
}

function describeFailure(error: FetchBaseQueryError): string {
  const status = httpStatusOf(error);
  if (error.status === 'TIMEOUT_ERROR') return 'sin respuesta (tiempo de espera agotado)';
  if (error.status === 'PARSING_ERROR') return `respuesta no válida (HTTP ${status})`;
  if (status === null) return 'sin respuesta (error de red)';
  return `error HTTP ${status}`;
}

async function probe(url: string): Promise<string> {
  const started = Date.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(THIRD_PARTY_TIMEOUT_MS) });
    const body = (await response.text()).slice(0, 2000);
    return `HTTP ${response.status} en ${Date.now() - started} ms\n${body}`;
  } catch (error) {
    return `sin respuesta (${error instanceof Error ? error.message : String(error)})`;
  }
}

export interface ConnectionCheckResult {
  ok: boolean;
  fileName: string;
}

/**
 * Calls checkConnection, then writes a plain-text diagnostic file for customer service. The external test
 * page and IP-geolocation service are optional configuration: when they are not set, the file says so and no
 * third party is contacted (DECISIONS "Things the documents leave to us").
 */
export const checkConnection = createAsyncThunk<ConnectionCheckResult, Realm>(
  'auth/checkConnection',
  async (realm, { dispatch }) => {
    const config = getRuntimeConfig();
    const now = new Date();
    const started = Date.now();
    const call = dispatch(authApi.endpoints.checkConnection.initiate(realm));
    const answer = await call;
    call.reset();
    const latency = Date.now() - started;
    const ok = !answer.error && answer.data?.status === 'ok';
    const result = answer.error
      ? describeFailure(answer.error as FetchBaseQueryError)
      : `HTTP 200, estado ${answer.data?.status ?? 'desconocido'}, hora del servidor ${answer.data?.serverTime ?? '-'}`;

    const { testPageUrl, geoIpUrl } = config.diagnostics;
    const lines = [
      'Diagnóstico de conexión de la Oficina Virtual',
      `Fecha: ${now.toISOString()}`,
      `Navegador: ${navigator.userAgent}`,
      `Página: ${window.location.href}`,
      `Ámbito: ${realm === 'fincas' ? 'administrador de fincas' : 'cliente'}`,
      `API: ${apiBaseFor(realm)}`,
      `checkConnection: ${ok ? 'correcto' : 'fallido'} - ${result} - ${latency} ms`,
      `Página de prueba externa: ${testPageUrl ? `${testPageUrl}\n${await probe(testPageUrl)}` : 'no configurada (no se ha consultado)'}`,
      `Geolocalización IP: ${geoIpUrl ? `${geoIpUrl}\n${await probe(geoIpUrl)}` : 'no configurada (no se ha consultado)'}`,
    ];
    const fileName = diagnosticFileName(now);
    saveText(`${lines.join('\n')}\n`, fileName);
    return { ok, fileName };
  },
);
