import { useState } from 'react';
import type { Line } from '@/shared/session/product';
import { useLazyContractDetailQuery, type Invoice } from './invoicesApi';
import { contractDetailFailed } from './invoicesMessages';

/**
 * Detalles del Contrato on the administrator's screen (spec 02 §2.4): a contract code opens its pop-up, the same
 * code closes it; a failed call closes it again with the failure text.
 */
export function useContractDetail() {
  const [openContract, setOpenContract] = useState<{ code: string; line: Line } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fetchDetail, detail] = useLazyContractDetailQuery();

  const toggle = async (invoice: Invoice) => {
    const code = invoice.contractCode;
    if (!code) return;
    setFailure(null);
    if (openContract?.code === code) {
      setOpenContract(null);
      return;
    }
    setOpenContract({ code, line: invoice.line });
    const result = await fetchDetail({ contract: code, line: invoice.line }, true);
    if (result.isError || !result.data?.Contrato) {
      setOpenContract((current) => (current?.code === code ? null : current));
      setFailure(contractDetailFailed(code));
    }
  };

  const shown =
    openContract && !detail.isFetching && detail.originalArgs?.contract === openContract.code
      ? (detail.data?.Contrato ?? null)
      : null;

  return { openContract, shown, failure, toggle, close: () => setOpenContract(null) };
}
