import type { ContractTotals, CupsList, Line, SupplyPoint } from '@/shared/session/product';
import type { CupsMeAnswer } from '@contract/contracts';
import type { ContractRow, ContractsPage } from './contractsSlice';

/**
 * cupsMe as the session reads it: the contract's answer (server/src/contract/contracts.ts), any part of which
 * another backend may leave out, with supply points that may carry only their identity.
 */
export type CupsMeRead = Partial<Pick<CupsMeAnswer, 'totalElectricidad' | 'totalGas'>> & {
  cupsAsociados?: { [K in keyof CupsMeAnswer['cupsAsociados']]?: SupplyPoint | SupplyPoint[] | null } | null;
  contratos?: { [L in keyof CupsMeAnswer['contratos']]?: ContractsPage } | null;
};

export const LINES: readonly Line[] = ['Electricidad', 'Gas'];
export const CONTRACTS_PAGE_SIZE = 10;

/** The select of cupsMe as a list: the API answers a single object when exactly one supply point matches. */
export function supplyPointsOf(answer: CupsMeRead | undefined): SupplyPoint[] {
  const select = answer?.cupsAsociados?.select;
  if (!select) return [];
  return Array.isArray(select) ? select : [select];
}

/** The CUPS list of the session: grouped by line and keyed by contract code (spec 01 §3). */
export function cupsListOf(points: SupplyPoint[]): CupsList {
  const list: CupsList = {};
  for (const point of points) {
    if (point.line !== 'Electricidad' && point.line !== 'Gas') continue;
    list[point.line] = { ...list[point.line], [point.codAbonado]: point };
  }
  return list;
}

const EMPTY_PAGE: ContractsPage = { activePage: 1, totalPages: 0, pages: [] };

/** One page per line, as the tables show them; a missing line is an empty page. */
export function contractsListOf(answer: CupsMeRead | undefined): Record<Line, ContractsPage> {
  const pageOf = (line: Line): ContractsPage => {
    const page = answer?.contratos?.[line];
    return page ? { ...EMPTY_PAGE, ...page, pages: page.pages ?? [] } : EMPTY_PAGE;
  };
  return { Electricidad: pageOf('Electricidad'), Gas: pageOf('Gas') };
}

export function totalsOf(answer: CupsMeRead | undefined): Record<Line, number> {
  return {
    Electricidad: Number(answer?.totalElectricidad ?? 0) || 0,
    Gas: Number(answer?.totalGas ?? 0) || 0,
  };
}

/** The session's counters from an unfiltered answer: products and contracts are the same count per line. */
export function sessionTotalsOf(answer: CupsMeRead | undefined): ContractTotals {
  const totals = totalsOf(answer);
  return {
    totalElectricidad: totals.Electricidad,
    totalGas: totals.Gas,
    totalContractsElectricidad: totals.Electricidad,
    totalContractsGas: totals.Gas,
  };
}

export function isEmptyAnswer(answer: CupsMeRead | undefined): boolean {
  const totals = totalsOf(answer);
  return supplyPointsOf(answer).length === 0 && totals.Electricidad + totals.Gas === 0;
}

export function pageStart(page: number): number {
  return (Math.max(1, page) - 1) * CONTRACTS_PAGE_SIZE;
}

/** Spec 01 §4: the state Contrato reads Alta; any other is shown as it comes. */
export function displayState(state: string | undefined): string {
  return state === 'Contrato' ? 'Alta' : (state ?? '');
}

export function contractAddress(row: ContractRow): string {
  const street = [row.calle, row.numDomicilio].filter(Boolean).join(' ');
  const place = [row.codPostal, row.ciudad].filter(Boolean).join(' ');
  return [street, row.extension, place].filter(Boolean).join(', ');
}
