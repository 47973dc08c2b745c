import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkExtra } from '@/shared/api/session';
import { useCupsMeQuery, type CupsMeArgs } from './contractsApi';
import { productsAnswered, type HomeState } from './contractsThunks';

const UNFILTERED_FIRST_PAGES: CupsMeArgs = {
  cups: '',
  contract: '',
  startPaginationElectricidad: 0,
  startPaginationGas: 0,
};

/**
 * Loads the unfiltered supply points once and records the session's totals and CUPS list, for signed-in users
 * who never open the customer home: the administrator's contract counter in the header comes from here.
 */
export function useContractTotals(enabled: boolean): void {
  const dispatch = useDispatch<ThunkDispatch<HomeState, ThunkExtra, UnknownAction>>();
  const { currentData } = useCupsMeQuery(UNFILTERED_FIRST_PAGES, { skip: !enabled });
  useEffect(() => {
    if (currentData) void dispatch(productsAnswered(UNFILTERED_FIRST_PAGES, currentData));
  }, [currentData, dispatch]);
}
