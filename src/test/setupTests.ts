import '@testing-library/jest-dom';
import { WritableStream } from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { setRuntimeConfig } from '@/shared/config/runtimeConfig';
import { REAL_SERVER_WAIT_MS } from './realServerWait';
import { testRuntimeConfig } from './testConfig';

configure({ asyncUtilTimeout: REAL_SERVER_WAIT_MS });

// jest-fixed-jsdom installs Node's fetch globals but not WritableStream, which MSW 2 needs.
Object.assign(globalThis, { WritableStream: globalThis.WritableStream ?? WritableStream });

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig(testRuntimeConfig());
  // jsdom does not implement scrolling; the layout scrolls to the top on every navigation.
  window.scrollTo = jest.fn();
});

afterEach(() => {
  cleanup();
});
