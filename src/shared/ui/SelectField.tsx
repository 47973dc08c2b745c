import { useField } from 'formik';
import type { ChangeEvent, SelectHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> {
  name: string;
  label: string;
  id?: string;
  /** See FieldFrame: false for a search filter, which has no rules. */
  errorLine?: boolean;
  /** Text of an empty first option; none when absent. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  /** Runs after Formik has the new value, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}

/** A labelled select bound to Formik, like TextField: the error is announced and tied to it. */
export function SelectField({
  name,
  label,
  id = `field-${name}`,
  errorLine,
  placeholder,
  options,
  onValueChange,
  ...props
}: SelectFieldProps) {
  const [field, meta] = useField(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    field.onChange(event);
    onValueChange?.(event.target.value);
  };
  return (
    <FieldFrame id={id} label={label} error={error} errorLine={errorLine}>
      <select
        {...field}
        {...props}
        id={id}
        onChange={change}
        className="field__input"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && `${id}-error`)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
