import { useField } from 'formik';
import type { InputHTMLAttributes } from 'react';
import './forms.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  id?: string;
}

/** A labelled text input bound to Formik; its error is announced and tied to the input. */
export function TextField({ name, label, id = `field-${name}`, ...inputProps }: TextFieldProps) {
  const [field, meta] = useField(name);
  const errorId = `${id}-error`;
  const showError = Boolean(meta.touched && meta.error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...field}
        {...inputProps}
        id={id}
        className="field__input"
        aria-invalid={showError}
        aria-describedby={showError ? errorId : undefined}
      />
      <p id={errorId} className="field__error" aria-live="polite">
        {showError ? meta.error : ''}
      </p>
    </div>
  );
}
