import { readFileSync } from 'node:fs';
import path from 'node:path';

import { composeProblems } from '../../scripts/composeProblems.mjs';

/** compose.yaml and the Dockerfile as shipped, checked as CI checks them without Docker (npm run check:compose). */
const root = path.resolve(__dirname, '..', '..');
const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

it('finds nothing wrong in the shipped compose file and Dockerfile', () => {
  expect(composeProblems(compose, dockerfile)).toEqual([]);
});

it.each([
  ['YAML that does not parse', compose.replace('services:', 'services: ['), /no es YAML válido/],
  ['an unknown top-level key', `${compose}\nservicios: {}\n`, /clave desconocida en la raíz: servicios/],
  [
    'a password the database does not have',
    compose.replace('POSTGRES_PASSWORD: ov', 'POSTGRES_PASSWORD: otra'),
    /DATABASE_URL no coincide con POSTGRES_PASSWORD/,
  ],
  [
    'the listening port unpublished',
    compose.replace("'8080:8080'", "'8080:80'"),
    /ningún puerto publica el 8080/,
  ],
  [
    'an undeclared named volume',
    compose.replace('pgdata:/var', 'datos:/var'),
    /el volumen datos no está declarado/,
  ],
  [
    'a short JWT_SECRET',
    compose.replace(/JWT_SECRET: .*/, 'JWT_SECRET: corto'),
    /JWT_SECRET debe tener al menos 32/,
  ],
  [
    'a database host that is no service',
    compose.replace('@postgres:5432', '@db:5432'),
    /nombra el anfitrión db/,
  ],
])('refuses %s', (_name, text, problem) => {
  expect(composeProblems(text, dockerfile)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
});

it('refuses a Dockerfile that does not expose the port or start the cluster', () => {
  expect(
    composeProblems(
      compose,
      dockerfile.replace('EXPOSE 8080', 'EXPOSE 3000').replace(/^CMD .*/m, 'CMD ["npm", "start"]'),
    ),
  ).toEqual(['el Dockerfile no expone el puerto 8080', 'el Dockerfile debe arrancar scripts/cluster.mjs']);
});
