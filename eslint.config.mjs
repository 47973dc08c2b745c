import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

import { serverRules } from './eslint/serverRules.mjs';

const features = [
  'auth',
  'account',
  'contracts',
  'issues',
  'readings',
  'invoices',
  'telemetry',
  'loadCurve',
  'certificate',
  'legal',
];

// Imports flow one way: shared -> features -> app. A feature never imports another feature.
const boundaries = [
  { target: './src/shared', from: './src/features', message: 'shared no puede importar features.' },
  { target: './src/shared', from: './src/app', message: 'shared no puede importar app.' },
  { target: './src/features', from: './src/app', message: 'Una feature no puede importar app.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Una feature no puede importar otra feature; compónlas en app.',
  })),
];

// The server's layers, one way (ARCHITECTURE.md): app -> routes -> (documents, mail) -> data -> db. Nothing but
// app.ts (and routes/ itself, and tests) imports routes/; documents/ and mail/ read data/; data/ never reaches up.
const server = (folder) => `./server/src/${folder}`;
const serverBoundaries = [
  {
    target: ['auth', 'data', 'db', 'documents', 'http', 'mail', 'measurements', 'notifications']
      .map(server)
      .concat(['./server/src/config.ts', './server/src/main.ts']),
    from: server('routes'),
    message: 'Sólo app.ts importa routes/: la lógica que otros necesitan va en data/.',
  },
  {
    target: server('data'),
    from: server('http'),
    message:
      'data/ no lanza errores HTTP: devuelve un resultado (null, una lista vacía) que la ruta convierte en respuesta.',
  },
  ...['documents', 'mail', 'notifications'].map((upper) => ({
    target: [server('data'), server('db'), server('measurements')],
    from: server(upper),
    message: `data/, db/ y measurements/ no importan ${upper}/: las importaciones van hacia abajo.`,
  })),
  {
    target: [server('db'), server('measurements')],
    from: server('data'),
    message: 'db/ y measurements/ no importan data/: las importaciones van hacia abajo.',
  },
  // The jobs and their notifications sit beside routes/: they call data/, mail/ and documents/, never back.
  {
    target: ['data', 'db', 'documents', 'mail', 'measurements'].map(server),
    from: [server('jobs'), server('notifications')],
    message:
      'jobs/ y notifications/ están por encima de data/, db/, documents/ y mail/: las importaciones van hacia abajo.',
  },
  // The contract is what the SPA reads too: TypeBox only, so its type check never reaches server code.
  {
    target: server('contract'),
    from: './server/src',
    except: ['./contract'],
    message: 'contract/ no importa nada del servidor: el SPA lo lee también.',
  },
  {
    target: './server',
    from: './src',
    message: 'El servidor no importa el SPA: lo común va en server/src/contract/.',
  },
];

// db/seed/ runs at start-up and from the seed commands, never within a request: what a request needs is elsewhere.
const seedAtStart = {
  target: ['auth', 'data', 'documents', 'http', 'mail', 'measurements', 'routes']
    .map(server)
    .concat(['./server/src/app.ts']),
  from: server('db/seed'),
  message: 'db/seed/ es código de arranque: lo que usa una petición no vive ahí.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'data', '.data', 'e2e/artifacts', 'bench/results'] },
  // The compiled server (scripts/serverBuild.mjs): its sources are linted.
  { ignores: ['server/build'] },
  js.configs.recommended,
  // Type-checked: the rules that need the types (floating promises, unsafe any, misused promises) read both
  // tsconfigs through the project service.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['bench/support/*.ts', 'scripts/composeProblems.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, import: importPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      // Scrollable table regions must be focusable for keyboard users (axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
      'import/no-cycle': 'error',
      'import/no-duplicates': 'error',
      'no-console': ['error', { allow: ['error'] }],
      // As the official RTK template: the typed hooks know the store's state and thunks, the raw ones do not.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: 'Usa useAppSelector / useAppDispatch de @/shared/store/hooks.',
            },
          ],
        },
      ],
      // The SPA reads the server only through the contract, and as types only: no TypeBox in the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // spanishDocuments.ts is plain functions (no TypeBox): the one NIF/NIE/CIF validator of both.
              group: ['@contract/*', '!@contract/spanishDocuments'],
              allowTypeImports: true,
              message: 'El contrato se importa sólo como tipos (import type).',
            },
            {
              group: ['**/server/**', 'typebox', 'typebox/*'],
              message: 'El SPA no importa código del servidor: sólo los tipos de @contract/*.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The SPA's tests start the reference server they talk to, and may write to its database.
    files: ['src/test/globalSetup.ts', 'src/test/serverDatabase.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin, server: serverRules },
    settings: { 'import/resolver': { typescript: { project: './server/tsconfig.json' } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...serverBoundaries, seedAtStart] }],
      'server/route-imports': 'error',
    },
  },
  {
    // Tests may load the demo and scale data they run on, and wait as long as every other test does (the one
    // shared real-server wait, src/test/realServerWait.ts).
    files: ['server/**/*.test.ts', 'server/test/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: serverBoundaries.map((zone) =>
            zone.target === './server' && zone.from === './src'
              ? { ...zone, except: ['./test/realServerWait.ts'] }
              : zone,
          ),
        },
      ],
    },
  },
  {
    // Queries live in data/ (and the migrations and seed in db/): no other layer builds SQL. Tests may read the
    // database directly to check what a call left behind.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/data/**', 'server/src/db/**', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Sólo data/ y db/ importan Kysely: la consulta va en data/.' }],
        },
      ],
    },
  },
  {
    // Migrations are history: what one ran must stay what it runs, so it imports no other migration and no live
    // code of the server, only kysely and the frozen copies beside it.
    files: ['server/src/db/migrations/*.ts'],
    ignores: ['server/src/db/migrations/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./|^\\./(?!frozen$)',
              message: 'Una migración sólo importa kysely y ./frozen: ni otras migraciones ni código vivo.',
            },
          ],
        },
      ],
    },
  },
  // The scripts and configs in plain JavaScript belong to no tsconfig: they keep the untyped rules.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Off: Fastify plugins, redux-persist storages and Kysely plugins are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      // A URLSearchParams prints as its query string, which is what a URL template wants.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'URLSearchParams' },
            { from: 'package', package: '@types/node', name: 'URLSearchParams' },
          ],
          allowNumber: true,
        },
      ],
    },
  },
  {
    // Off in tests: they read answers as untyped JSON on purpose, and their assertions are the check of its shape.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'server/test/**/*.ts', 'src/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
