import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { SelectField } from '@/shared/ui/SelectField';
import { TextField } from '@/shared/ui/TextField';
import { CHOOSE, DOCUMENT_TYPES, LABELS, LANGUAGE_SPANISH, NO, YES } from '../accountMessages';
import type { SignupValues } from '../accountSchemas';
import { RadioGroupField } from './RadioGroupField';

/** With "Sí" the owner CIF is the document number, kept in step while the user types. */
export function HolderCopy() {
  const { values, setFieldValue } = useFormikContext<SignupValues>();
  const copies = !values.isAdministradorFinca && values.isHolder === 'si';
  useEffect(() => {
    if (copies && values.ownerCif !== values.documentNumber) {
      void setFieldValue('ownerCif', values.documentNumber, false);
    }
  }, [copies, values.documentNumber, values.ownerCif, setFieldValue]);
  return null;
}

/** Step 1's fields; customers also give the holder question, owner CIF and telephone. */
export function SignupUserDataFields() {
  const { values } = useFormikContext<SignupValues>();
  const admin = values.isAdministradorFinca;
  const copies = !admin && values.isHolder === 'si';
  return (
    <div className="account-form__grid">
      <div className="account-form__wide">
        <TextField name="firstName" label={LABELS.firstName} autoComplete="name" />
      </div>
      <TextField name="firstSurname" label={LABELS.firstSurname} autoComplete="family-name" />
      <TextField name="secondSurname" label={LABELS.secondSurname} />
      {!admin && (
        <div className="account-form__wide">
          <TextField name="username" label={LABELS.username} autoComplete="username" />
        </div>
      )}
      <TextField name="password" label={LABELS.password} type="password" autoComplete="new-password" />
      <TextField
        name="confirmPassword"
        label={LABELS.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <div className="account-form__wide">
        <TextField name="email" label={LABELS.email} type="email" autoComplete="email" />
      </div>
      <SelectField
        name="documentType"
        label={LABELS.documentType}
        options={DOCUMENT_TYPES}
        placeholder={CHOOSE}
      />
      <TextField name="documentNumber" label={LABELS.documentNumber} />
      {!admin && (
        <>
          <div className="account-form__wide">
            <RadioGroupField
              name="isHolder"
              legend={LABELS.isHolder}
              options={[
                { value: 'si', label: YES },
                { value: 'no', label: NO },
              ]}
            />
          </div>
          <TextField name="ownerCif" label={LABELS.ownerCif} readOnly={copies} />
          <TextField
            name="telephone"
            label={LABELS.telephone}
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
          />
        </>
      )}
      <SelectField
        name="language"
        label={LABELS.language}
        options={[{ value: 'es', label: LANGUAGE_SPANISH }]}
      />
    </div>
  );
}
