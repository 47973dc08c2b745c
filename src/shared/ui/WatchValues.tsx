import { useFormikContext } from 'formik';
import { useEffect } from 'react';

/** Tells `onChange` the form's values after each change. Renders nothing; place it inside the `<Formik>`. */
export function WatchValues<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  useEffect(() => onChange(values), [values, onChange]);
  return null;
}
