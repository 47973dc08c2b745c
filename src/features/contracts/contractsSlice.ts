import type { ContractRow as WireContractRow, ContractsPage as WireContractsPage } from '@contract/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';
import {
  productSelected,
  type ContractTotals,
  type CupsList,
  type Line,
  type SelectedProduct,
} from '@/shared/session/product';

/** A contract table's row as the session keeps it (the contract's, server/src/contract/contracts.ts). */
export type ContractRow = Pick<WireContractRow, 'codAbonado' | 'cups'> &
  Partial<Omit<WireContractRow, 'codAbonado' | 'cups'>>;

export interface ContractsPage extends Omit<WireContractsPage, 'pages'> {
  pages: ContractRow[];
}

export type ContractsList = Partial<Record<Line, ContractsPage>>;

export interface ContractsState {
  cups: CupsList | null;
  contracts: ContractsList | null;
  selectedProduct: SelectedProduct | null;
  /** How many CUPS loads this browser has made; the first empty one ends the session (spec 01 §4). */
  cupsRequestCount: number;
  totalElectricidad: number | null;
  totalGas: number | null;
  totalContractsElectricidad: number | null;
  totalContractsGas: number | null;
  hasUnicasInvoices: boolean | null;
}

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    contracts: ContractsState;
  }
}

export const initialContractsState: ContractsState = {
  cups: null,
  contracts: null,
  selectedProduct: null,
  cupsRequestCount: 0,
  totalElectricidad: null,
  totalGas: null,
  totalContractsElectricidad: null,
  totalContractsGas: null,
  hasUnicasInvoices: null,
};

export const contractsSlice = createSlice({
  name: 'contracts',
  initialState: initialContractsState,
  reducers: {
    cupsRequested(state) {
      state.cupsRequestCount += 1;
    },
    cupsLoaded(state, action: PayloadAction<CupsList>) {
      state.cups = action.payload;
    },
    contractsLoaded(state, action: PayloadAction<ContractsList>) {
      state.contracts = action.payload;
    },
    totalsChanged(state, action: PayloadAction<Partial<ContractTotals>>) {
      Object.assign(state, action.payload);
    },
    unicasInvoicesChecked(state, action: PayloadAction<boolean>) {
      state.hasUnicasInvoices = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Counts of the previous user must not show to the next one: everything but the request counter goes.
    const clear = (state: ContractsState) => ({
      ...initialContractsState,
      cupsRequestCount: state.cupsRequestCount,
    });
    builder
      .addCase(productSelected, (state, action) => {
        state.selectedProduct = action.payload;
      })
      .addCase(loggedOut, clear)
      .addCase(sessionExpired, clear);
  },
});

export const { cupsRequested, cupsLoaded, contractsLoaded, totalsChanged, unicasInvoicesChecked } =
  contractsSlice.actions;
