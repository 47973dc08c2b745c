import type { ReactNode } from 'react';
import { Button } from './Button';
import { Notification } from './Notification';
import { RETRY } from './pageMessages';

/** A load that failed: what failed, said as an error, and "Reintentar" to ask again. */
export function ErrorWithRetry({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="error-with-retry">
      <Notification kind="error">{children}</Notification>
      <Button variant="secondary" onClick={onRetry}>
        {RETRY}
      </Button>
    </div>
  );
}
