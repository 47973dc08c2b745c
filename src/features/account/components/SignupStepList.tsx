import { STEP_RECEIVED, STEP_SUMMARY, STEP_USER_DATA } from '../accountMessages';
import type { SignupStep } from '../useSignup';

const STEP_NAMES = [STEP_USER_DATA, STEP_SUMMARY, STEP_RECEIVED];

/** The sign-up's three steps, the current one marked for assistive technology. */
export function SignupStepList({ step }: { step: SignupStep }) {
  return (
    <ol className="signup-steps">
      {STEP_NAMES.map((name, index) => (
        <li key={name} aria-current={index + 1 === step ? 'step' : undefined}>
          {name}
        </li>
      ))}
    </ol>
  );
}
