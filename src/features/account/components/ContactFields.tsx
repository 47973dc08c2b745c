import { useFormikContext } from 'formik';
import { TextField } from '@/shared/ui/TextField';
import { LABELS } from '../accountMessages';
import { initialContactValues, type ContactValues } from '../accountSchemas';
import { AdminModeCheckbox } from './AdminModeCheckbox';

interface ContactFieldsProps {
  /** The second field's label: the resend form asks for the e-mail, the reset form for its confirmation. */
  emailLabel: string;
  onToggle: () => void;
}

/** The contact forms' fields: user name (an administrator's e-mail), e-mail and, for customers, telephone. */
export function ContactFields({ emailLabel, onToggle }: ContactFieldsProps) {
  const { values } = useFormikContext<ContactValues>();
  return (
    <>
      <AdminModeCheckbox initialValues={initialContactValues} onToggle={onToggle} />
      <TextField
        name="username"
        label={values.isAdministradorFinca ? LABELS.adminEmail : LABELS.username}
        autoComplete={values.isAdministradorFinca ? 'email' : 'username'}
      />
      <TextField name="email" label={emailLabel} type="email" autoComplete="email" />
      {!values.isAdministradorFinca && (
        <TextField
          name="telephone"
          label={LABELS.contactPhone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
        />
      )}
    </>
  );
}
