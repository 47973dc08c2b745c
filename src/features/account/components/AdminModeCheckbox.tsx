import { useFormikContext } from 'formik';
import { ADMIN_CHECKBOX } from '../accountMessages';
import '../account.css';

interface AdminModeCheckboxProps<T> {
  /** The values the form starts from; ticking or unticking the box starts over from them. */
  initialValues: T;
  onToggle?: (admin: boolean) => void;
}

/**
 * The Administrador de finca checkbox of the account forms. Changing it resets the whole form (spec 01 §4),
 * because the two kinds of user fill different fields against different backends.
 */
export function AdminModeCheckbox<T extends { isAdministradorFinca: boolean }>({
  initialValues,
  onToggle,
}: AdminModeCheckboxProps<T>) {
  const { values, resetForm } = useFormikContext<T>();
  return (
    <div className="field field--checkbox">
      <input
        type="checkbox"
        id="field-isAdministradorFinca"
        className="field__checkbox"
        checked={values.isAdministradorFinca}
        onChange={(event) => {
          const admin = event.target.checked;
          resetForm({ values: { ...initialValues, isAdministradorFinca: admin } });
          onToggle?.(admin);
        }}
      />
      <label htmlFor="field-isAdministradorFinca">{ADMIN_CHECKBOX}</label>
    </div>
  );
}
