import { useField } from 'formik';
import '../account.css';

interface RadioGroupFieldProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
}

/** A fieldset of radio buttons bound to one Formik value. */
export function RadioGroupField({ name, legend, options }: RadioGroupFieldProps) {
  const [field] = useField(name);
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      <div className="radio-group__options">
        {options.map((option) => {
          const id = `field-${name}-${option.value}`;
          return (
            <div key={option.value} className="radio-group__option">
              <input
                type="radio"
                id={id}
                name={field.name}
                value={option.value}
                checked={field.value === option.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
