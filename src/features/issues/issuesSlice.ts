import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IssueDetailAnswer, IssueListItem, SubcategoriesAnswer } from '@contract/issues';
import { openIssuesApi } from '@/shared/api/openIssuesApi';
import { loggedOut, sessionExpired } from '@/shared/api/session';

export type IssueDetail = IssueDetailAnswer;
export type Subcategory = SubcategoriesAnswer[number];

export interface IssuesState {
  issues: IssueListItem[] | null;
  openIssuesCount: number | null;
  selectedIssue: IssueDetail | null;
  categoryIDCached: string | null;
  subcategoriesSelected: Subcategory[] | null;
}

// This slice's part of the store's state, for the typed hooks (see shared/store/appState.ts).
declare module '@/shared/store/appState' {
  interface AppState {
    issues: IssuesState;
  }
}

export const initialIssuesState: IssuesState = {
  issues: null,
  openIssuesCount: null,
  selectedIssue: null,
  categoryIDCached: null,
  subcategoriesSelected: null,
};

export const issuesSlice = createSlice({
  name: 'issues',
  initialState: initialIssuesState,
  reducers: {
    issuesLoaded(state, action: PayloadAction<IssueListItem[]>) {
      state.issues = action.payload;
    },
    openIssuesCounted(state, action: PayloadAction<number>) {
      state.openIssuesCount = action.payload;
    },
    issueSelected(state, action: PayloadAction<IssueDetail | null>) {
      state.selectedIssue = action.payload;
    },
    categoryChosen(
      state,
      action: PayloadAction<{ categoryId: string | null; subcategories: Subcategory[] | null }>,
    ) {
      state.categoryIDCached = action.payload.categoryId;
      state.subcategoriesSelected = action.payload.subcategories;
    },
  },
  // Whichever screen reads the count or the list (the home, the list, a sent request), the session records it.
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialIssuesState)
      .addCase(sessionExpired, () => initialIssuesState)
      .addMatcher(openIssuesApi.endpoints.openIssuesCount.matchFulfilled, (state, action) => {
        if (typeof action.payload.total_count === 'number')
          state.openIssuesCount = action.payload.total_count;
      })
      .addMatcher(openIssuesApi.endpoints.issuesList.matchFulfilled, (state, action) => {
        state.issues = action.payload.items ?? [];
      });
  },
});

export const { issuesLoaded, openIssuesCounted, issueSelected, categoryChosen } = issuesSlice.actions;
