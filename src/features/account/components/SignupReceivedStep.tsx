import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { GO_TO_LOGIN, STEP_RECEIVED, type OutcomeMessage } from '../accountMessages';

interface SignupReceivedStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  message: OutcomeMessage | null;
}

/** Step 3: the registration was received; the way on is the login. */
export function SignupReceivedStep({ headingRef, message }: SignupReceivedStepProps) {
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1}>
        {STEP_RECEIVED}
      </h2>
      {message && <Notification kind={message.kind}>{message.text}</Notification>}
      <p>
        <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
      </p>
    </div>
  );
}
