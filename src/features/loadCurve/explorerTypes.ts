/**
 * The consumption explorer's call (GET /ov/cups/api/curvas/explorar, an addition to spec 02 documented in
 * server/docs/explorer-api.md) and the view the explorer keeps in the URL.
 */

import type { Granularity } from '@contract/measurements';

// The answer's types are the contract's (server/src/contract/measurements.ts), which the server answers with.
export type {
  ExplorerAnswer,
  ExplorerComparison,
  ExplorerSeries,
  Granularity,
  PeriodCode,
} from '@contract/measurements';

export interface ExplorerArgs {
  cups: string;
  contractCode: string;
  /** ISO dates (local, Europe/Madrid); sent as DD-MM-YYYY like the spec's measurement calls. */
  from: string;
  to: string;
  granularity: Granularity;
  /** Also answer the same range one year earlier. */
  compare: boolean;
}

/** What the explorer shows, kept in the URL query so a link, reload and back/forward reproduce it. */
export type ExplorerMode = 'energy' | 'periods' | 'power';

export interface ExplorerView {
  from: string;
  to: string;
  granularity: Granularity;
  mode: ExplorerMode;
  compare: boolean;
  /** The data as a table instead of the chart. */
  table: boolean;
}
