import { useField } from 'formik';
import type { ChangeEvent, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import '../../shared/ui/forms.css';

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, hintId, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> {
  name: string;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  /** Runs after Formik has the new value, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}

/** A labelled select bound to Formik, like TextField: the error is announced and tied to it. */
export function SelectField({
  name,
  label,
  placeholder,
  options,
  onValueChange,
  ...props
}: SelectFieldProps) {
  const [field, meta] = useField(name);
  const id = `field-${name}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    field.onChange(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        {...field}
        {...props}
        id={id}
        onChange={change}
        className="field__input"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && `${id}-error`)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  label: string;
  hint?: ReactNode;
}

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
