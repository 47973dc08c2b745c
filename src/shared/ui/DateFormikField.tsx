import { useField } from 'formik';
import { DateField, type DateFieldProps } from './DateField';

interface DateFormikFieldProps extends Omit<DateFieldProps, 'id' | 'value' | 'onChange' | 'error'> {
  name: string;
  id?: string;
}

/** DateField bound to a Formik field holding ISO text; its error shows once touched. */
export function DateFormikField({ name, id = `field-${name}`, ...props }: DateFormikFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <DateField
      {...props}
      id={id}
      value={field.value ?? ''}
      onChange={(text) => void helpers.setValue(text, true)}
      // Formik validates a touch with the values of the last render, before the change above: only the
      // change's own validation sees the new text, so the touch must not validate again.
      onBlur={() => void helpers.setTouched(true, false)}
      error={meta.touched ? meta.error : undefined}
    />
  );
}
