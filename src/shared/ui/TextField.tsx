import { useField } from 'formik';
import type { InputHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  id?: string;
  /** See FieldFrame: false for a search filter, which has no rules. */
  errorLine?: boolean;
}

/** A labelled text input bound to Formik; its error is announced and tied to the input. */
export function TextField({ name, label, id = `field-${name}`, errorLine, ...inputProps }: TextFieldProps) {
  const [field, meta] = useField(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame id={id} label={label} error={error} errorLine={errorLine}>
      <input
        type="text"
        {...field}
        {...inputProps}
        id={id}
        className="field__input"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && `${id}-error`)}
      />
    </FieldFrame>
  );
}
