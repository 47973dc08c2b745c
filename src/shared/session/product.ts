import type { SupplyPoint as WireSupplyPoint } from '@contract/contracts';
import { createAction, createSelector } from '@reduxjs/toolkit';

/**
 * The supply-point part of the session that several features read (invoices, telemetry, load curve,
 * certificate, readings, new request) while only the contracts feature writes it. Like SessionView, shared
 * declares the shape and the contracts slice fulfils it, so no feature imports another.
 */
export type Line = 'Electricidad' | 'Gas';

/** Supply point of the CUPS list (spec 01 §3). */
/**
 * A supply point of the CUPS list as the session keeps it: the contract's (server/src/contract/contracts.ts), of
 * which a session restored from storage written by an older version may lack all but its identity.
 */
export type SupplyPoint = Pick<WireSupplyPoint, 'cups' | 'codAbonado' | 'line'> &
  Partial<Omit<WireSupplyPoint, 'cups' | 'codAbonado' | 'line'>>;

/** CUPS list grouped by line and keyed by contract code. */
export type CupsList = Partial<Record<Line, Record<string, SupplyPoint>>>;

/** The product chosen on the home page (spec 02 §3 "Selected product"). */
export interface SelectedProduct {
  line: Line;
  cups: string;
  codAbonado: string;
}

/**
 * The customer chose a supply (a home row's link, the supply selector of a contract screen). In shared, like
 * the session events, so the selector can record it without importing the contracts feature, whose slice keeps it.
 */
export const productSelected = createAction<SelectedProduct | null>('contracts/productSelected');

export interface ContractTotals {
  totalElectricidad: number | null;
  totalGas: number | null;
  totalContractsElectricidad: number | null;
  totalContractsGas: number | null;
}

export interface StateWithProducts {
  contracts: ContractTotals & {
    cups: CupsList | null;
    selectedProduct: SelectedProduct | null;
    hasUnicasInvoices: boolean | null;
  };
}

export const selectCupsList = (state: StateWithProducts) => state.contracts.cups;
export const selectHasUnicasInvoices = (state: StateWithProducts) => state.contracts.hasUnicasInvoices;
/** Memoised: components can useSelector it without a new object on every store change. */
export const selectContractTotals = createSelector(
  [
    (state: StateWithProducts) => state.contracts.totalElectricidad,
    (state: StateWithProducts) => state.contracts.totalGas,
    (state: StateWithProducts) => state.contracts.totalContractsElectricidad,
    (state: StateWithProducts) => state.contracts.totalContractsGas,
  ],
  (totalElectricidad, totalGas, totalContractsElectricidad, totalContractsGas): ContractTotals => ({
    totalElectricidad,
    totalGas,
    totalContractsElectricidad,
    totalContractsGas,
  }),
);

/**
 * The product a contract screen (/invoices/:id, /telemetry/:id…) is about: the selected product when it is that
 * contract, otherwise that contract found in the stored CUPS list (a bookmarked or reloaded URL), else null.
 */
export function productForContract(state: StateWithProducts, codAbonado: string): SelectedProduct | null {
  const selected = state.contracts.selectedProduct;
  if (selected && selected.codAbonado === codAbonado) return selected;
  const point = supplyPointForContract(state, codAbonado);
  return point && { line: point.line, cups: point.cups, codAbonado: point.codAbonado };
}

/** The supply point of a contract in the stored CUPS list, or null. */
export function supplyPointForContract(state: StateWithProducts, codAbonado: string): SupplyPoint | null {
  for (const byContract of Object.values(state.contracts.cups ?? {})) {
    const point = byContract?.[codAbonado];
    if (point) return point;
  }
  return null;
}
