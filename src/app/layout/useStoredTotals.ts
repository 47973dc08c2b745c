import { useEffect, useState } from 'react';

export const TOTALS_POLL_MS = 1000;

export interface HeaderTotals {
  electricidad: number | null;
  gas: number | null;
  contracts: number | null;
}

function readNumber(key: string): number | null {
  const text = localStorage.getItem(key);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function readTotals(): HeaderTotals {
  const electricContracts = readNumber('totalContractsElectricidad');
  const gasContracts = readNumber('totalContractsGas');
  return {
    electricidad: readNumber('totalElectricidad'),
    gas: readNumber('totalGas'),
    contracts:
      electricContracts === null && gasContracts === null
        ? null
        : (electricContracts ?? 0) + (gasContracts ?? 0),
  };
}

/**
 * Totals are re-read from localStorage every second (spec 01 §1): that is what keeps several tabs consistent,
 * since redux-persist does not synchronise tabs.
 */
export function useStoredTotals(): HeaderTotals {
  const [totals, setTotals] = useState(readTotals);
  useEffect(() => {
    const timer = setInterval(() => {
      setTotals((previous) => {
        const next = readTotals();
        const same =
          next.electricidad === previous.electricidad &&
          next.gas === previous.gas &&
          next.contracts === previous.contracts;
        return same ? previous : next;
      });
    }, TOTALS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return totals;
}
