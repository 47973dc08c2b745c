import type { CURVES_COMPACT, CurvesCompactAnswer } from '@contract/measurements';
import type { SimulatorAnswer } from '@contract/simulator';
import { baseApi } from '@/shared/api/baseApi';
import { toDashDate } from '@/shared/lib/dates';
import {
  measurementDownload,
  measurementQuery,
  type MeasurementCall,
  type MeasurementFile,
} from '@/shared/measurement/measurementApi';
import { loadCurveFileName } from './loadCurveMessages';

/** The compact form's query value; tsc checks it against the contract's, which the SPA imports as a type only. */
const COMPACT: typeof CURVES_COMPACT = 'compact';

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
  output: 'json' | MeasurementFile,
) => ({
  cups,
  contractCode,
  startDate: toDashDate(from),
  endDate: toDashDate(to),
  output,
  ...(defaultQuery ? { DefaultQuery: true } : {}),
  // The chart reads columns (server/docs/load-curve-compact.md): a fraction of the bytes, no object per hour.
  ...(output === 'json' ? { shape: COMPACT } : {}),
});

const CURVES: MeasurementCall<CurvesArgs, MeasurementFile> = {
  url: '/ov/cups/api/curvas',
  params: curvesParams,
  fileName: loadCurveFileName,
};

export const loadCurveApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    curves: measurementQuery<CurvesCompactAnswer, CurvesArgs>(build, CURVES),
    downloadCurves: measurementDownload(build, CURVES),
    downloadCurvesCsv: measurementDownload(build, CURVES, 'csv'),
    // "¿Me conviene otra tarifa o potencia?" (server/docs/simulator-api.md).
    simulator: build.query<SimulatorAnswer, SimulatorArgs>({
      query: ({ contractCode, oferta, potencia }) => ({
        url: '/ov/cups/api/simulador',
        params: {
          contractCode,
          ...(oferta ? { oferta } : {}),
          ...(potencia === undefined ? {} : { potenciaP1: potencia, potenciaP2: potencia }),
        },
      }),
    }),
  }),
});

export interface SimulatorArgs {
  contractCode: string;
  /** The offer whose prices the powers are simulated at; none: the contract's own. */
  oferta?: string;
  /** kW for both power periods. */
  potencia?: number;
}

export const { useCurvesQuery, useDownloadCurvesMutation, useDownloadCurvesCsvMutation, useSimulatorQuery } =
  loadCurveApi;
