import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '@/shared/api/session';
import type { AppState } from '@/shared/store/appState';
import type { AdminLine } from './invoicesApi';

/** The four invoice screens; each keeps its own search while the user moves around the portal. */
export type InvoiceScreen = 'product' | 'electricity' | 'gas' | 'administrator';
/** The all-invoices screens page their simple and unified invoices separately. */
export type InvoiceSection = 'simple' | 'unified';
export type ChartChoice = 'consumo' | 'importes';

/** Search filters of an invoice screen; dates cross the store as ISO text ('' when empty). */
export interface InvoiceFilters {
  from: string;
  to: string;
  invoice: string;
  contract: string;
  cups: string;
  cif: string;
  line: AdminLine;
  /** null until the user moves a slider: the whole range of the price limits. */
  minPrice: number | null;
  maxPrice: number | null;
}

export interface InvoiceSearch {
  /** The contract a per-product search belongs to; another contract starts afresh. */
  contractCode: string | null;
  /** The first search returns the latest 10 invoices (spec 02 §4). */
  isDefaultQuery: boolean;
  filters: InvoiceFilters;
  /** Invoice number of the single-invoice search (Encontrar factura), null when not searching one. */
  singleInvoice: string | null;
  pages: Record<InvoiceSection, number>;
}

export interface InvoicesState {
  searches: Record<InvoiceScreen, InvoiceSearch>;
  /** Consumo or Importes on the per-product screen. */
  chartChoice: ChartChoice;
}

export const emptyFilters: InvoiceFilters = {
  from: '',
  to: '',
  invoice: '',
  contract: '',
  cups: '',
  cif: '',
  line: 'Todo',
  minPrice: null,
  maxPrice: null,
};

export const initialSearch: InvoiceSearch = {
  contractCode: null,
  isDefaultQuery: true,
  filters: emptyFilters,
  singleInvoice: null,
  pages: { simple: 1, unified: 1 },
};

export const initialInvoicesState: InvoicesState = {
  searches: {
    product: initialSearch,
    electricity: initialSearch,
    gas: initialSearch,
    administrator: initialSearch,
  },
  chartChoice: 'consumo',
};

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    invoices: InvoicesState;
  }
}

export const invoicesSlice = createSlice({
  name: 'invoices',
  initialState: initialInvoicesState,
  reducers: {
    /** A per-product screen opened for a contract: a different contract starts with the default query. */
    productScreenOpened(state, action: PayloadAction<string>) {
      if (state.searches.product.contractCode !== action.payload) {
        state.searches.product = { ...initialSearch, contractCode: action.payload };
      }
    },
    /** The default answer fills Desde and Hasta with its earliest and latest launch dates (spec 02 §4). */
    defaultDatesFound(state, action: PayloadAction<{ screen: InvoiceScreen; from: string; to: string }>) {
      const search = state.searches[action.payload.screen];
      if (!search.isDefaultQuery || search.filters.from || search.filters.to) return;
      search.filters.from = action.payload.from;
      search.filters.to = action.payload.to;
    },
    /** A new search leaves the default mode and goes back to page 1. */
    searchSubmitted(state, action: PayloadAction<{ screen: InvoiceScreen; filters: InvoiceFilters }>) {
      const search = state.searches[action.payload.screen];
      search.filters = action.payload.filters;
      search.isDefaultQuery = false;
      search.singleInvoice = null;
      search.pages = { simple: 1, unified: 1 };
    },
    singleInvoiceSearched(state, action: PayloadAction<{ screen: InvoiceScreen; invoice: string }>) {
      const search = state.searches[action.payload.screen];
      search.singleInvoice = action.payload.invoice;
      search.pages = { simple: 1, unified: 1 };
    },
    singleInvoiceSearchClosed(state, action: PayloadAction<InvoiceScreen>) {
      state.searches[action.payload].singleInvoice = null;
    },
    /** Changing page keeps the rest of the query. */
    pageChanged(
      state,
      action: PayloadAction<{ screen: InvoiceScreen; section?: InvoiceSection; page: number }>,
    ) {
      state.searches[action.payload.screen].pages[action.payload.section ?? 'simple'] = action.payload.page;
    },
    chartChoiceChanged(state, action: PayloadAction<ChartChoice>) {
      state.chartChoice = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialInvoicesState)
      .addCase(sessionExpired, () => initialInvoicesState);
  },
});

export const {
  productScreenOpened,
  defaultDatesFound,
  searchSubmitted,
  singleInvoiceSearched,
  singleInvoiceSearchClosed,
  pageChanged,
  chartChoiceChanged,
} = invoicesSlice.actions;

/**
 * The filters a list call sends. The default query asks for the latest invoices (its dates go as 0), so the
 * Desde/Hasta the screen fills from its answer stay out of it: the call is not repeated once they are filled.
 */
export function queriedFilters({ filters, isDefaultQuery }: InvoiceSearch): InvoiceFilters {
  return isDefaultQuery ? { ...filters, from: '', to: '' } : filters;
}

export const selectInvoiceSearch = (screen: InvoiceScreen) => (state: AppState) =>
  state.invoices.searches[screen];
export const selectChartChoice = (state: AppState) => state.invoices.chartChoice;
