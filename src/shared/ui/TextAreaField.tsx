import { useField } from 'formik';
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  label: string;
  hint?: ReactNode;
}

/** A labelled text area bound to Formik, with an optional hint (e.g. the characters left). */
export function TextAreaField({ name, label, hint, ...props }: TextAreaFieldProps) {
  const [field, meta] = useField(name);
  const id = `field-${name}`;
  const hintId = `${id}-hint`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} hintId={hintId}>
      <textarea
        {...field}
        {...props}
        id={id}
        className="field__input field__textarea"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(hint ? hintId : undefined, error && `${id}-error`)}
      />
    </FieldFrame>
  );
}
