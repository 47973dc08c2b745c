import type { RouteOptions } from 'fastify';
import fc from 'fast-check';

import { REAL_SERVER_WAIT_MS } from '../../../src/test/realServerWait';
import { createTestApp, demoTokens, type TestApp } from '../../test/testApp';
import * as dataArchives from '../jobs/dataArchives';
import { routesOf } from './routeTable';

/**
 * Generated input for every parameter of every route, in both realms, signed in: never a 5xx, errors always
 * in the JSON error shape, never a hang. Routes come from the server itself, so a new route is covered too.
 */

// Enough runs per route to meet each kind of value a few times, while the suite stays under a minute.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
// "Never a hang" with the tests' shared generous wait: a busy machine makes an answer slower, never a failure.
const CALL_TIMEOUT_MS = REAL_SERVER_WAIT_MS;

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  // A generated download of "all my data" by the administrator starts the archive of all their supplies in the
  // background, and close() waits for it: on a busy machine longer than afterAll may take. What the route answers
  // is checked here; the preparation itself in routes/dataArchive.test.ts.
  jest.spyOn(dataArchives, 'startArchive').mockResolvedValue(true);
  t = await createTestApp();
  tokens = await demoTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

const TRICKY = [
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  'NaN',
  '-1',
  '0',
  '1e20',
  '9007199254740993',
  '2147483648',
  '',
  ' ',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "'",
  '"',
  '\\',
  '%',
  '%00',
  '\u0000',
  '😀',
  'Electricidad',
  'Gas',
  'todo',
  '2024-02-30',
  '31-12-2024',
  '0000-00-00',
  'a'.repeat(5000),
];

const text = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

// A query value, or the same parameter several times.
const queryValue = (value: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.array(value, { maxLength: 3 }) });

// Numeric parameters mostly get numbers, the edge cases among them often.
const numericText = fc.oneof(
  fc.constantFrom('Infinity', '-Infinity', '1e999', '-1e999', 'NaN', '-1', '0', '1e20', '2147483648', '1.5'),
  fc.integer().map(String),
  fc.double().map(String),
  text,
);

const jsonish = fc.oneof(
  text,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  '',
];

type Properties = Record<string, { type?: string | string[] }>;

function propertiesOf(schema: unknown): Properties {
  return (schema as { properties?: Properties } | undefined)?.properties ?? {};
}

const isNumeric = (property: { type?: string | string[] }) =>
  [property.type].flat().some((type) => type === 'integer' || type === 'number');

/** One generator per property, numeric ones biased to numbers; every property may be left out. */
function fields<T>(properties: Properties, forText: (value: fc.Arbitrary<string>) => fc.Arbitrary<T>) {
  const entries = Object.entries(properties).map(([name, property]) => [
    name,
    forText(isNumeric(property) ? numericText : text),
  ]);
  return fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<T>>, { requiredKeys: [] });
}

function realmOf(url: string): 'cliente' | 'fincas' {
  return url.startsWith('/api/fincas') ? 'fincas' : 'cliente';
}

const encode = (value: string | undefined) => {
  try {
    return encodeURIComponent(value ?? '');
  } catch {
    return 'x';
  }
};

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function callArbitrary(route: RouteOptions, method: string): fc.Arbitrary<Call> {
  const schema = route.schema ?? {};
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const bodyFields = fields(propertiesOf(schema.body), (value) =>
    fc.oneof(value, jsonish, value.map(Number)),
  );

  const body = fc.oneof(
    fc.constant(undefined),
    bodyFields.map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
    bodyFields.map((value) => ({
      type: 'application/json',
      text: JSON.stringify(value).replace(/(-?\d+(\.\d+)?(e[+-]?\d+)?)/, '1e999'),
    })),
    fc.record({ type: fc.constantFrom(...CONTENT_TYPES), text: fc.oneof(fc.string(), fc.json()) }),
  );

  return fc
    .record({
      path: fc.array(text, { minLength: pathNames.length, maxLength: pathNames.length }),
      wildcard: text,
      query: fields({ ...propertiesOf(schema.querystring), extra: {} }, queryValue),
      rawQuery: fc.constantFrom('', '&%', '&a=%E0%A4%A', '&start=1&start=2', '&=&&'),
      headers: fields(propertiesOf(schema.headers), (value) => value),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', ''),
      badToken: fc.boolean(),
      body,
    })
    .map((generated) => {
      let url = route.url;
      pathNames.forEach((name, index) => {
        url = url.replace(`:${name}`, encode(generated.path[index]) || 'x');
      });
      url = url.replace('*', encode(generated.wildcard));
      const query = Object.entries(generated.query)
        .flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => `${name}=${encode(v)}`),
        )
        .join('&');
      const headers: Record<string, string> = {
        authorization: `Bearer ${generated.badToken ? 'x.y.z' : tokens[realmOf(route.url)]}`,
      };
      for (const [name, value] of Object.entries(generated.headers)) headers[name] = encode(value);
      if (generated.accept) headers.accept = generated.accept;
      const call: Call = { method, url: `${url}?${query}${generated.rawQuery}`, headers };
      if (generated.body && method !== 'GET' && method !== 'HEAD') {
        if (generated.body.type) headers['content-type'] = generated.body.type;
        call.payload = generated.body.text;
      }
      return call;
    });
}

async function send(call: Call) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject(call), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isApi(url: string) {
  return url.startsWith('/api/') || url.startsWith('/token');
}

// Logout last: a generated logout may end the session the other routes are called with.
const byLogoutLast = (a: RouteOptions, b: RouteOptions) =>
  Number(a.url.includes('logout')) - Number(b.url.includes('logout'));

describe('any input to any route', () => {
  it('never answers 5xx, answers errors as JSON and never hangs', async () => {
    const routes = [...routesOf(t.app)].sort(byLogoutLast);
    // Both realms and the guest and file routes are all there.
    expect(routes.some((route) => route.url.startsWith('/api/cliente/'))).toBe(true);
    expect(routes.some((route) => route.url.startsWith('/api/fincas/'))).toBe(true);
    expect(routes.length).toBeGreaterThan(80);

    const failures: string[] = [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const result = await fc.check(
          fc.asyncProperty(callArbitrary(route, method), async (call) => {
            const response = await send(call);
            if (response.statusCode >= 500) {
              throw new Error(`${response.statusCode}: ${response.body.slice(0, 200)}`);
            }
            const type = String(response.headers['content-type'] ?? '');
            if (isApi(call.url) && response.statusCode >= 400 && method !== 'HEAD') {
              expect(type).toContain('application/json');
              expect(response.json()).toMatchObject({
                code: expect.any(Number),
                message: expect.any(String),
              });
            }
            if (type.includes('application/json') && method !== 'HEAD') {
              expect(() => JSON.parse(response.body)).not.toThrow();
            }
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
        if (result.failed) {
          failures.push(`${fc.defaultReportMessage(result)}\n${String(result.errorInstance).slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('a path line and a query line that leave no line', () => {
  // Rare for the generator above; PostgreSQL refused the empty `in ()` it built with a 500.
  it('answers as an empty list does on every route that takes both, in both realms, on either database', async () => {
    // Fresh sessions: the random requests above may have signed the suite's own out (logout is a route too).
    const signedIn = await demoTokens(t.app);
    const routes = routesOf(t.app).filter(
      (route) => route.url.includes(':line') && 'line' in propertiesOf(route.schema?.querystring),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const answers: string[] = [];
    for (const route of routes) {
      for (const [inPath, inQuery] of [
        ['Gas', 'Electricidad'],
        ['Electricidad', 'Gas'],
      ]) {
        for (const extra of ['', '&isDefaultQuery=true', `&lineRemover=${inPath}`]) {
          const url = `${route.url.replace(':line', inPath)}?line=${inQuery}${extra}`;
          const response = await send({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${signedIn[realmOf(route.url)]}` },
          });
          answers.push(`${url} ${response.statusCode}`);
        }
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 204'))).toEqual([]);
  }, 120_000);
});
