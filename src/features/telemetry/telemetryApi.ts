import type { TelemetryAnswer } from '@contract/measurements';
import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import {
  measurementDownload,
  measurementQuery,
  type MeasurementCall,
} from '@/shared/measurement/measurementApi';
import type { Line } from '@/shared/session/product';
import { telemetryFileName } from './telemetryMessages';

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

const TELEMETRY: MeasurementCall<TelemetryArgs> = {
  url: '/ov/cups/api/telemetry',
  params: telemetryParams,
  fileName: telemetryFileName,
};

export const telemetryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    telemetry: measurementQuery<TelemetryAnswer, TelemetryArgs>(build, TELEMETRY),
    downloadTelemetry: measurementDownload(build, TELEMETRY),
  }),
});

export const { useTelemetryQuery, useDownloadTelemetryMutation } = telemetryApi;
