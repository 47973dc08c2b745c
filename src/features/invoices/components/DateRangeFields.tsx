import { useFormikContext } from 'formik';
import { todayIso } from '@/shared/lib/dates';
import { DateField } from '@/shared/ui/DateField';
import { LABEL_FROM, LABEL_TO } from '../invoicesMessages';

const LABELS = { from: LABEL_FROM, to: LABEL_TO };

interface DateValues {
  from: string;
  to: string;
}

/**
 * Desde and Hasta bound to Formik. Their rules depend on each other (the range, the order), so choosing either
 * date shows the errors of both at once: validation runs on selection, not only on Buscar (spec 02 §5).
 */
export function DateRangeFields({ idPrefix }: { idPrefix: string }) {
  const { values, errors, touched, submitCount, setFieldValue, setTouched } = useFormikContext<DateValues>();
  const shown = submitCount > 0 || Boolean(touched.from) || Boolean(touched.to);
  // Touch first without validating: Formik validates a touch with the values of the last render, so only
  // the change's own validation sees the new value.
  const choose = (name: keyof DateValues) => async (value: string) => {
    await setTouched({ ...touched, from: true, to: true }, false);
    await setFieldValue(name, value, true);
  };
  const today = todayIso();
  return (
    <>
      {(['from', 'to'] as const).map((name) => (
        <DateField
          key={name}
          id={`${idPrefix}-${name}`}
          label={LABELS[name]}
          value={values[name]}
          max={today}
          onChange={(iso) => void choose(name)(iso)}
          error={shown ? errors[name] : undefined}
        />
      ))}
    </>
  );
}
