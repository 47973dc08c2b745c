import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describeApiError } from '@/shared/api/apiErrors';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { CONTRACT_LOOKUP_FAILED } from './sessionMessages';

/**
 * What a contract screen shows instead of its content when useContractProduct has no product: a spinner while
 * the contract is looked up, why the lookup failed, or the screen's own `notFound` text.
 */
export function ContractLookupNotice({
  looking,
  error,
  notFound,
}: {
  looking: boolean;
  error?: FetchBaseQueryError | SerializedError;
  notFound: string;
}) {
  if (looking) return <Spinner />;
  if (error) {
    return (
      <Notification kind="error">
        {CONTRACT_LOOKUP_FAILED} {describeApiError(error)}
      </Notification>
    );
  }
  return <Notification kind="info">{notFound}</Notification>;
}
