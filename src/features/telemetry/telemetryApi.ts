import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
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

/** Error answers are read as JSON when they are JSON, so their `error` text can be shown. */
async function blobOrErrorBody(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const TOO_SMALL_ERROR: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: 'TOO_SMALL' };

export const telemetryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    telemetry: build.query<TelemetryAnswer, TelemetryArgs>({
      query: (args) => ({ url: '/ov/cups/api/telemetry', params: telemetryParams(args, 'json') }),
    }),
    // The file is saved inside the call, so no Blob ever reaches the store; the answer says only that it saved.
    downloadTelemetry: build.mutation<{ fileName: string }, TelemetryArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/ov/cups/api/telemetry',
          params: telemetryParams(args, 'xlsx'),
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error };
        const fileName = telemetryFileName(args.contractCode);
        return saveBlob(result.data as Blob, fileName) ? { data: { fileName } } : { error: TOO_SMALL_ERROR };
      },
    }),
  }),
});

export const { useTelemetryQuery, useDownloadTelemetryMutation } = telemetryApi;
