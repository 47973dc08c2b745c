import { describeApiError } from '@/shared/api/apiErrors';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { useRequestReceiptMutation } from './issuesApi';
import { RECEIPT_BUTTON, RECEIPT_FAILED } from './issuesMessages';

/** The request's receipt (justificante) as a PDF (issue 27): code, receipt, subject, category, supply, deadline. */
export function ReceiptDownload({ issueId, trackingCode }: { issueId: number; trackingCode: string | null }) {
  const [download, state] = useRequestReceiptMutation();
  if (!trackingCode) return null;
  return (
    <div className="issue-detail__receipt">
      <Button
        variant="secondary"
        disabled={state.isLoading}
        onClick={() => void download({ issueId, trackingCode })}
      >
        {RECEIPT_BUTTON}
      </Button>
      {state.isError && (
        <Notification kind="error">
          {RECEIPT_FAILED} {describeApiError(state.error)}
        </Notification>
      )}
    </div>
  );
}
