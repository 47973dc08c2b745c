import { TextField } from '@/shared/ui/TextField';
import { LABELS } from '../accountMessages';

/** A new password and its confirmation, as the set-password forms ask for them. */
export function NewPasswordFields({ passwordLabel }: { passwordLabel: string }) {
  return (
    <>
      <TextField name="password" label={passwordLabel} type="password" autoComplete="new-password" />
      <TextField
        name="confirmPassword"
        label={LABELS.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
