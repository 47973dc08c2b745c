import { useField } from 'formik';
import '../account.css';

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Text of an empty first option; none when absent. */
  placeholder?: string;
}

/** A labelled select bound to Formik, its error announced and tied to it like TextField's. */
export function SelectField({ name, label, options, placeholder }: SelectFieldProps) {
  const [field, meta] = useField(name);
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const showError = Boolean(meta.touched && meta.error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...field}
        id={id}
        className="field__select"
        aria-invalid={showError}
        aria-describedby={showError ? errorId : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={errorId} className="field__error" aria-live="polite">
        {showError ? meta.error : ''}
      </p>
    </div>
  );
}
