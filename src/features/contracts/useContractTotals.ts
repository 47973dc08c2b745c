import { useEffect } from 'react';
import { useAppDispatch } from '@/shared/store/hooks';
import { useCupsMeQuery, type CupsMeArgs } from './contractsApi';
import { sessionTotalsOf } from './contractsModel';
import { totalsChanged } from './contractsSlice';

const UNFILTERED_FIRST_PAGES: CupsMeArgs = {
  cups: '',
  contract: '',
  startPaginationElectricidad: 0,
  startPaginationGas: 0,
};

/**
 * Records the session's contract totals for signed-in users who never open the customer home: the
 * administrator's contract counter in the header comes from here. Only the totals: the home page's
 * first-empty-load rule (which ends the session) is the customer home's, and an administrator whose clients
 * have no contracts yet keeps the session.
 */
export function useContractTotals(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const { currentData } = useCupsMeQuery(UNFILTERED_FIRST_PAGES, { skip: !enabled });
  useEffect(() => {
    if (currentData) dispatch(totalsChanged(sessionTotalsOf(currentData)));
  }, [currentData, dispatch]);
}
