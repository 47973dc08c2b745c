import { CLIENTE, createTestApp, demoTokens, login, type TestApp } from '../../test/testApp';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await demoTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

const NON_FINITE = ['Infinity', '-Infinity', '1e999', '-1e999'];

// Every numeric query parameter of the API, in the realm that answers it.
const NUMERIC_QUERIES: [realm: 'cliente' | 'fincas', url: string, name: string][] = [
  ['cliente', '/ov/cups/api/cupsMe?', 'startPaginationElectricidad'],
  ['cliente', '/ov/cups/api/cupsMe?', 'startPaginationGas'],
  ['cliente', '/ov/invoices/api/fullbilling?', 'start'],
  ['cliente', '/ov/invoices/api/fullbilling?', 'minPrice'],
  ['cliente', '/ov/invoices/api/searchOneInvoice?invoice=F1&', 'start'],
  ['cliente', '/ov/invoices/api/Electricidad?', 'start'],
  ['cliente', '/ov/contracts/api/contractCode/invoices?line=Electricidad&contractCode=1&', 'start'],
  ['cliente', '/ov/contracts/api/contractCode/invoices?line=Electricidad&contractCode=1&', 'limit'],
  ['cliente', '/ov/issues/api/issue?', 'issueId'],
  ['cliente', '/ov/issues/api/subcategories?', 'category'],
  ['fincas', '/ov/invoices/api/filterfullbilling?', 'start'],
  ['fincas', '/ov/invoices/api/filterfullbilling?', 'maxPrice'],
];

describe('numbers in the input', () => {
  it.each(NUMERIC_QUERIES)('%s %s%s: non-finite values are a 400 in Spanish', async (realm, url, name) => {
    for (const value of NON_FINITE) {
      const response = await t.app.inject({
        url: `/api/${realm}${url}${name}=${value}`,
        headers: { authorization: `Bearer ${tokens[realm]}` },
      });
      expect({ value, status: response.statusCode }).toEqual({ value, status: 400 });
      expect(response.json()).toEqual({
        code: 400,
        message: `Datos no válidos: ${name} debe ser un número finito`,
      });
    }
  });

  it('a JSON body with 1e999 is a 400, not a database error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/ov/issues/api/add',
      headers: { authorization: `Bearer ${tokens.cliente}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        title: 'a',
        description: 'b',
        category: 1,
        subcategory: 1,
        line: 'Gas',
        cups: 'c',
        contractCode: 'd',
      }).replace('"category":1', '"category":1e999'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Datos no válidos: category debe ser un número entero',
    });
  });

  it('out-of-range numbers are refused with a Spanish message naming the parameter', async () => {
    const response = await t.app.inject({
      url: '/api/cliente/ov/cups/api/cupsMe?startPaginationGas=-10',
      headers: { authorization: `Bearer ${tokens.cliente}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Datos no válidos: startPaginationGas debe ser mayor o igual que 0',
    });
    const huge = await t.app.inject({
      url: '/api/cliente/ov/invoices/api/pdf/1e20',
      headers: { authorization: `Bearer ${tokens.cliente}` },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({
      code: 400,
      message: 'Datos no válidos: id debe ser menor o igual que 2147483647',
    });
  });
});

describe('text in the input', () => {
  it('a NUL character is a 400 on every database, not a PostgreSQL error', async () => {
    const lookup = await t.app.inject({
      url: '/api/fincas/ov/contracts/api/administrador-fincas?codigoContrato=%00',
      headers: { authorization: `Bearer ${tokens.fincas}` },
    });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json()).toEqual({
      code: 400,
      message: 'Datos no válidos: codigoContrato contiene un carácter no admitido',
    });
    const signIn = await login(t.app, CLIENTE, 'demo\u0000', 'Demo2024!');
    expect(signIn.statusCode).toBe(400);
  });
});
