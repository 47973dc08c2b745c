import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';

export type InvoiceLoadState = 'notLoaded' | 'loading' | 'loaded';

/** Search filters of an invoice screen; dates cross the store as strings (YYYY-MM-DD). */
export interface InvoiceQuery {
  from: string | null;
  to: string | null;
  invoiceNumber: string;
  contract: string;
  cups: string;
  cif: string;
  line: 'Electricidad' | 'Gas' | 'Todo';
  minAmount: number;
  maxAmount: number;
  page: number;
}

export interface InvoicesState {
  loadState: InvoiceLoadState;
  /** The first search returns the latest 10 invoices (spec 02 §4). */
  isDefaultQuery: boolean;
  query: InvoiceQuery;
}

export const DEFAULT_MIN_AMOUNT = -10000;
export const DEFAULT_MAX_AMOUNT = 10000;

export const initialInvoicesState: InvoicesState = {
  loadState: 'notLoaded',
  isDefaultQuery: true,
  query: {
    from: null,
    to: null,
    invoiceNumber: '',
    contract: '',
    cups: '',
    cif: '',
    line: 'Todo',
    minAmount: DEFAULT_MIN_AMOUNT,
    maxAmount: DEFAULT_MAX_AMOUNT,
    page: 1,
  },
};

export const invoicesSlice = createSlice({
  name: 'invoices',
  initialState: initialInvoicesState,
  reducers: {
    searchRequested(state, action: PayloadAction<Partial<InvoiceQuery>>) {
      state.query = { ...state.query, ...action.payload, page: 1 };
      state.loadState = 'loading';
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.query.page = action.payload;
      state.loadState = 'loading';
    },
    resultsLoaded(state) {
      state.loadState = 'loaded';
      state.isDefaultQuery = false;
    },
    invoicesReset: () => initialInvoicesState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialInvoicesState)
      .addCase(sessionExpired, () => initialInvoicesState);
  },
});

export const { searchRequested, pageChanged, resultsLoaded, invoicesReset } = invoicesSlice.actions;
