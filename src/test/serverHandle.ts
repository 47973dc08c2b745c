export const TEST_API_ORIGIN_ENV = 'OV_TEST_API_ORIGIN';
export const TEST_DATA_DIR_ENV = 'OV_TEST_DATA_DIR';

export interface TestServerHandle {
  app: { close(): Promise<unknown> };
  db: { destroy(): Promise<unknown> };
  dataDir: string;
}
