import type { FormikHelpers } from 'formik';
import { useMemo, useState, type MouseEvent } from 'react';
import { BlurValidatedForm } from '@/shared/ui/BlurValidatedForm';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
import { READING_SENT, READING_SUBMIT } from './readingsMessages';
import { readingSchema, type ReadingField } from './readingsSchemas';

function ReadingInputs({ fields }: { fields: ReadingField[] }) {
  return (
    <div className="reading__grid">
      {fields.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={`${field.label} (${field.unit})`}
          inputMode="decimal"
          autoComplete="off"
        />
      ))}
    </div>
  );
}

/**
 * Pressing the button would blur the field being typed in, and that blur validates it: a long message
 * disappearing moves the button away before the mouse is released, so the click never happens. Keeping the
 * focus avoids the jump; sending validates every field anyway.
 */
function keepFocusWhereItIs(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/** The fields of the contract's access fee, grouped by kind when there are six periods of each. */
export function ReadingForm({ fields }: { fields: ReadingField[] }) {
  // How many readings were sent: each one moves the focus to the confirmation.
  const [sent, setSent] = useState(0);
  const schema = useMemo(() => readingSchema(fields), [fields]);
  const initialValues = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, ''])), [fields]);
  const groups = [...new Set(fields.map((f) => f.group))];

  // Spec 01 §2: sending only validates; there is no call to make.
  const submit = (_values: Record<string, string>, helpers: FormikHelpers<Record<string, string>>) => {
    setSent((count) => count + 1);
    helpers.resetForm();
  };

  return (
    <BlurValidatedForm
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      className="reading__form"
    >
      {sent > 0 && (
        <Notification kind="success" focusKey={sent}>
          {READING_SENT}
        </Notification>
      )}
      {groups.map((group) =>
        group ? (
          <fieldset key={group} className="reading__group">
            <legend>{group}</legend>
            <ReadingInputs fields={fields.filter((f) => f.group === group)} />
          </fieldset>
        ) : (
          <ReadingInputs key="readings" fields={fields.filter((f) => !f.group)} />
        ),
      )}
      <Button type="submit" onMouseDown={keepFocusWhereItIs}>
        {READING_SUBMIT}
      </Button>
    </BlurValidatedForm>
  );
}
