import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { Spinner } from '@/shared/ui/Spinner';
import { CONTRACT_LOOKUP_FAILED } from '@/shared/session/sessionMessages';
import { NO_HOLDER_DATA } from './measurementMessages';

/**
 * A contract screen without its product: while the contract is looked up (useContractProduct), a spinner; when
 * the lookup failed, why; when the contract is not the user's, the notice of spec 02 §8. Always the title and
 * a way home.
 */
export function MeasurementNoProduct({
  title,
  looking = false,
  error,
}: {
  title: string;
  looking?: boolean;
  error?: FetchBaseQueryError | SerializedError;
}) {
  return (
    <Page className="measurement" titleId="page-title" title={title} back={pathTo('home')}>
      {looking ? (
        <Spinner />
      ) : error ? (
        <Notification kind="error">
          {CONTRACT_LOOKUP_FAILED} {describeApiError(error)}
        </Notification>
      ) : (
        <Notification kind="info">{NO_HOLDER_DATA}</Notification>
      )}
    </Page>
  );
}
