import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { measurementEndpoints } from '@/shared/measurement/measurementApi';
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
  endpoints: (build) => {
    const { json, download } = measurementEndpoints<TelemetryAnswer, TelemetryArgs>(
      build,
      '/ov/cups/api/telemetry',
      telemetryParams,
      telemetryFileName,
    );
    return { telemetry: json, downloadTelemetry: download };
  },
});

export const { useTelemetryQuery, useDownloadTelemetryMutation } = telemetryApi;
