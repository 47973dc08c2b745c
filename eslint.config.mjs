import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'data', '.data', 'e2e/artifacts', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    },
  },
  {
    files: ['src/shared/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
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
    },
  },
);
