import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { loginFailureCode } from './authThunks';
import {
  LOGIN_FAILURE_MESSAGES,
  loginFailureMessage,
  offersConnectionCheck,
  LOGIN_UNKNOWN_ERROR,
} from './authMessages';

describe('login failure codes (spec 01 §4)', () => {
  it.each<[FetchBaseQueryError, number]>([
    [{ status: 400, data: { code: 104 } }, 104],
    [{ status: 500, data: {} }, 500],
    [{ status: 461, data: { code: 461 } }, 461],
    [{ status: 404, data: null }, 404],
    [{ status: 429, data: null }, 429],
    [{ status: 207, data: {} }, 207],
    [{ status: 157, data: null }, 157],
    [{ status: 200, data: {} }, 200],
    [{ status: 423, data: { code: 423 } }, 423],
    [{ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }, 470],
    [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, 470],
    [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, 502],
    [{ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, 470],
  ])('%j -> %i', (error, code) => {
    expect(loginFailureCode(error)).toBe(code);
  });
});

describe('login message catalogue (spec 01 §8)', () => {
  it('104, 462 and 500 say exactly that the credentials are wrong', () => {
    for (const code of [104, 462, 500]) {
      expect(loginFailureMessage(code).text).toBe(
        'El usuario y/o contraseña no son correctos para ingresar.',
      );
    }
  });

  it.each([
    [157, /no ha sido validada/],
    [461, /no ha sido validada/],
    [207, /verificación se ha enviado correctamente/],
    [400, /error interno/],
    [401, /sesión ha caducado/],
    [404, /conectar con la Oficina Virtual/],
    [470, /conectar con la Oficina Virtual/],
    [464, /error al enviar el correo electrónico de verificación/],
    [429, /demasiados intentos/],
    [423, /demasiados intentos fallidos con este usuario.*espere unos minutos/],
  ])('%i has its own message', (code, text) => {
    expect(loginFailureMessage(code).text).toMatch(text);
  });

  it('157 and 461 link to a new validation link', () => {
    expect(LOGIN_FAILURE_MESSAGES[157].link?.to).toBe('/user-validation-resend');
    expect(LOGIN_FAILURE_MESSAGES[461].link?.to).toBe('/user-validation-resend');
  });

  it('any other code gets the unknown-error message', () => {
    expect(loginFailureMessage(418).text).toBe(LOGIN_UNKNOWN_ERROR);
  });

  it('offers the connection check from 470 up', () => {
    expect([404, 464, 469, 470, 500, 503].map(offersConnectionCheck)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(offersConnectionCheck(null)).toBe(false);
  });
});
