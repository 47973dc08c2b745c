import { useField } from 'formik';
import './forms.css';

interface CheckboxFieldProps {
  name: string;
  label: string;
  id?: string;
}

export function CheckboxField({ name, label, id = `field-${name}` }: CheckboxFieldProps) {
  const [field] = useField({ name, type: 'checkbox' });
  return (
    <div className="field field--checkbox">
      <input {...field} type="checkbox" id={id} className="field__checkbox" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
