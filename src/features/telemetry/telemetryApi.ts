import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import type { Line } from '@/shared/session/product';
import { telemetryFileName } from './telemetryMessages';

export interface TelemetryRecord {
  /** ISO 8601 local time with offset, the start of the hour. */
  dateRecord: string;
  activeEnergy: number;
  reactiveEnergy: number;
}

export interface TelemetryAnswer {
  Telemetry?: { select?: TelemetryRecord[]; total?: { countTotal?: number } };
}

export interface TelemetryArgs {
  line: Line;
  cups: string;
  contractCode: string;
  /** ISO dates; sent as DD-MM-YYYY (spec 02 §5). */
  from: string;
  to: string;
}

const telemetryParams = ({ line, cups, contractCode, from, to }: TelemetryArgs, output: 'json' | 'xlsx') => ({
  line,
  freq: 1,
  cups,
  contractCode,
  startDate: toDashDate(from),
  endDate: toDashDate(to),
  output,
});

export const telemetryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    telemetry: build.query<TelemetryAnswer, TelemetryArgs>({
      query: (args) => ({ url: '/ov/cups/api/telemetry', params: telemetryParams(args, 'json') }),
    }),
    // The file is saved inside the call, so no Blob ever reaches the store; the answer says only that it saved.
    downloadTelemetry: build.mutation<SavedFile, TelemetryArgs>({
      queryFn: (args, _api, _extra, baseQuery) =>
        fetchAndSaveFile(
          baseQuery,
          { url: '/ov/cups/api/telemetry', params: telemetryParams(args, 'xlsx') },
          telemetryFileName(args.contractCode),
        ),
    }),
  }),
});

export const { useTelemetryQuery, useDownloadTelemetryMutation } = telemetryApi;
