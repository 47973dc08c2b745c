import type { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';

type EndpointBuilder = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/** One measurement call (telemetry, load curve): its URL, its query for either output, its file's name. */
export interface MeasurementCall<Args> {
  url: string;
  params: (args: Args, output: 'json' | 'xlsx') => Record<string, unknown>;
  fileName: (contractCode: string) => string;
}

/** The call's JSON, for the chart. */
export const measurementQuery = <Answer, Args>(
  build: EndpointBuilder,
  { url, params }: MeasurementCall<Args>,
) => build.query<Answer, Args>({ query: (args) => ({ url, params: params(args, 'json') }) });

/** The call's spreadsheet, saved inside the call so no Blob ever reaches the store. */
export const measurementDownload = <Args extends { contractCode: string }>(
  build: EndpointBuilder,
  { url, params, fileName }: MeasurementCall<Args>,
) =>
  build.mutation<SavedFile, Args>({
    queryFn: (args, _api, _extra, baseQuery) =>
      fetchAndSaveFile(baseQuery, { url, params: params(args, 'xlsx') }, fileName(args.contractCode)),
  });
