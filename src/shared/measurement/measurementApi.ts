import type { baseApi } from '@/shared/api/baseApi';
import { fetchAndSaveFile, type SavedFile } from '@/shared/api/fileDownload';

type EndpointBuilder = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/**
 * The two endpoints of one measurement call (telemetry, load curve): its JSON for the chart, and its
 * spreadsheet, saved inside the call so no Blob ever reaches the store. `params` builds the query for
 * either output.
 */
export function measurementEndpoints<Answer, Args extends { contractCode: string }>(
  build: EndpointBuilder,
  url: string,
  params: (args: Args, output: 'json' | 'xlsx') => Record<string, unknown>,
  fileName: (contractCode: string) => string,
) {
  return {
    json: build.query<Answer, Args>({ query: (args) => ({ url, params: params(args, 'json') }) }),
    download: build.mutation<SavedFile, Args>({
      queryFn: (args, _api, _extra, baseQuery) =>
        fetchAndSaveFile(baseQuery, { url, params: params(args, 'xlsx') }, fileName(args.contractCode)),
    }),
  };
}
