import type { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';
import { deepFreeze } from '@/shared/lib/deepFreeze';

type EndpointBuilder = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/** The files a measurement call saves: the spec's spreadsheet, and the load curve's CSV (issue 15). */
export type MeasurementFile = 'xlsx' | 'csv';

/** One measurement call (telemetry, load curve): its URL, its query for each output, its file's name. */
export interface MeasurementCall<Args, File extends MeasurementFile = 'xlsx'> {
  url: string;
  params: (args: Args, output: 'json' | File) => Record<string, unknown>;
  fileName: (contractCode: string, output: File) => string;
}

/** The call's JSON, for the chart: frozen before the store takes it (a year of hours, see deepFreeze). */
export const measurementQuery = <Answer, Args>(
  build: EndpointBuilder,
  // Whatever files the call saves, its chart asks for JSON.
  { url, params }: Pick<MeasurementCall<Args, never>, 'url' | 'params'>,
) =>
  build.query<Answer, Args>({
    query: (args) => ({ url, params: params(args, 'json') }),
    transformResponse: (answer: Answer) => deepFreeze(answer),
  });

/** The call's file (the spreadsheet unless said), saved inside the call so no Blob ever reaches the store. */
export const measurementDownload = <Args extends { contractCode: string }, File extends MeasurementFile>(
  build: EndpointBuilder,
  { url, params, fileName }: MeasurementCall<Args, File>,
  output = 'xlsx' as File,
) =>
  build.mutation<SavedFile, Args>({
    queryFn: (args, _api, _extra, baseQuery) =>
      fetchAndSaveFile(baseQuery, { url, params: params(args, output) }, fileName(args.contractCode, output)),
  });
