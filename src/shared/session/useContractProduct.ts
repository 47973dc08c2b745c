import { useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '@/shared/store/hooks';
import { useContractSupplyPointQuery } from './contractLookupApi';
import { productForContract, supplyPointForContract } from './product';

/**
 * The product and supply point a contract screen is about: from the session when the home page stored them,
 * else looked up once by the contract code (contractLookupApi). `looking` while that runs; `error` when it
 * failed; neither, and no product, when the contract is not the user's.
 */
export function useContractProduct(codAbonado: string) {
  const stored = useAppSelector((state) => productForContract(state, codAbonado), shallowEqual);
  const storedPoint = useAppSelector((state) => supplyPointForContract(state, codAbonado));
  // The screens that show the supply point's own facts (readings: the access fee) need it, not only the product.
  const skip = Boolean(storedPoint) || !codAbonado;
  const lookup = useContractSupplyPointQuery(codAbonado, { skip });
  const found = skip ? null : (lookup.data ?? null);
  const product = useMemo(
    () => stored ?? (found && { line: found.line, cups: found.cups, codAbonado: found.codAbonado }),
    [stored, found],
  );
  const point = storedPoint ?? found;
  return {
    product,
    supplyPoint: point ?? undefined,
    looking: !point && !skip && (lookup.isUninitialized || lookup.isFetching),
    error: !point && lookup.isError ? lookup.error : undefined,
  };
}
