import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import { saveBlob } from '@/shared/lib/download';
import { loadCurveFileName } from './loadCurveMessages';

export interface CurveRecord {
  /** Local date DD-MM-YYYY. */
  dateRecord: string;
  /** 1..23/24/25 within the day. */
  hourRecord: number;
  activeEnergy: number;
  pasiveEnergy: number;
}

export interface CurvesAnswer {
  Curvas?: {
    inputDate?: { startDate?: string; endDate?: string };
    select?: CurveRecord[];
    total?: { countTotal?: number };
  };
}

export interface CurvesArgs {
  cups: string;
  contractCode: string;
  /** ISO dates; sent as DD-MM-YYYY (spec 02 §5). */
  from: string;
  to: string;
  /** The opening query of the screen (spec 02 §4). */
  defaultQuery?: boolean;
}

const curvesParams = (
  { cups, contractCode, from, to, defaultQuery }: CurvesArgs,
  output: 'json' | 'xlsx',
) => ({
  cups,
  contractCode,
  startDate: toDashDate(from),
  endDate: toDashDate(to),
  output,
  ...(defaultQuery ? { DefaultQuery: true } : {}),
});

/** Error answers are read as JSON when they are JSON, so their `error` field can be shown. */
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

export const loadCurveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    curves: build.query<CurvesAnswer, CurvesArgs>({
      query: (args) => ({ url: '/ov/cups/api/curvas', params: curvesParams(args, 'json') }),
    }),
    // The file is saved inside the call, so no Blob ever reaches the store.
    downloadCurves: build.mutation<{ fileName: string }, CurvesArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/ov/cups/api/curvas',
          params: curvesParams(args, 'xlsx'),
          responseHandler: blobOrErrorBody,
        });
        if (result.error) return { error: result.error };
        const fileName = loadCurveFileName(args.contractCode);
        return saveBlob(result.data as Blob, fileName) ? { data: { fileName } } : { error: TOO_SMALL_ERROR };
      },
    }),
  }),
});

export const { useCurvesQuery, useDownloadCurvesMutation } = loadCurveApi;
