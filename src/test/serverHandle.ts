export const TEST_API_ORIGIN_ENV = 'OV_TEST_API_ORIGIN';

export interface TestServerHandle {
  app: { close(): Promise<unknown> };
  db: { destroy(): Promise<unknown> };
  dataDir: string;
}
