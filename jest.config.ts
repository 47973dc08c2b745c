import { availableParallelism } from 'node:os';
import type { Config } from 'jest';
import packageJson from './package.json';
import { TEST_TIMEOUT_MS } from './src/test/realServerWait';

// Suites sign in hundreds of times: scrypt at N=2^14 instead of production's 2^17 (passwords.test.ts checks
// the default). Set here so that globalSetup's server and every worker inherit it.
process.env.SCRYPT_LOG_N ??= '14';
// What webpack's DefinePlugin puts in the bundle: the header shows package.json's version.
process.env.OV_APP_VERSION = packageJson.version;

// Two projects: the SPA in jsdom against a real reference server, and the server in Node.
const config: Config = {
  // Suites talk to a real server and hash real passwords: on a busy two-core machine one test can take many
  // times jest's 5 s default without anything being wrong.
  testTimeout: TEST_TIMEOUT_MS,
  // jest's default leaves one core free, which on two cores means one process for the whole suite, the web
  // tests' real server included. At least two workers keep both cores busy; the server lives in the parent.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src'],
      // Stylesheets first: '@/…/x.css' must reach the stub, not the alias.
      moduleNameMapper: {
        '\\.css$': '<rootDir>/src/test/styleStub.ts',
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@contract/(.*)$': '<rootDir>/server/src/contract/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
      // msw's own dependencies ship only as ES modules.
      transform: { '\\.[cm]?[jt]sx?$': 'babel-jest' },
      transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft)/)'],
      globalSetup: '<rootDir>/src/test/globalSetup.ts',
      globalTeardown: '<rootDir>/src/test/globalTeardown.ts',
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      // light-my-request (Fastify's inject) needs cookie, and the route schemas typebox; both ship only as ESM.
      transform: { '\\.[cm]?[jt]sx?$': 'babel-jest' },
      transformIgnorePatterns: ['/node_modules/(?!(cookie|typebox)/)'],
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/globalTeardown.ts',
    },
  ],
};

export default config;
