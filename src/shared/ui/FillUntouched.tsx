import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * Puts values that arrive after the form opened (the default query's Desde and Hasta, a screen's stored search)
 * into the fields the person has not changed. A field whose value ever differed from what the form was last
 * given is the person's and a late answer leaves it alone (DECISIONS "Dates the screens fill"); use it instead
 * of Formik's `enableReinitialize`, which resets every field. Renders nothing; place it inside the `<Formik>`.
 */
export function FillUntouched<Values extends object>({ values: given }: { values: Values }) {
  const { values, initialValues, setFieldValue } = useFormikContext<Values>();
  // What the form was last given per field, and the fields the person has made theirs since it opened.
  const baseline = useRef<Values>(initialValues);
  const theirs = useRef(new Set<keyof Values>());

  // Declared before the filling effect so that, in the render where both a change and an answer land, the change
  // is counted first.
  useEffect(() => {
    for (const name of Object.keys(values) as (keyof Values)[])
      if (!Object.is(values[name], baseline.current[name])) theirs.current.add(name);
  }, [values]);

  useEffect(() => {
    const next = { ...baseline.current };
    for (const name of Object.keys(given) as (keyof Values)[]) {
      if (theirs.current.has(name) || Object.is(given[name], baseline.current[name])) continue;
      next[name] = given[name];
      // One field at a time, so a change the person makes meanwhile to another field is not replaced.
      void setFieldValue(name as string, given[name]);
    }
    baseline.current = next;
  }, [given, setFieldValue]);

  return null;
}
