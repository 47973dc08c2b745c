import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState, type MouseEvent } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import {
  productForContract,
  selectCupsList,
  type StateWithProducts,
  type SupplyPoint,
} from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { FactList } from '@/shared/ui/FactList';
import { BackLinkPage } from '@/shared/ui/BackLinkPage';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { TextField } from '@/shared/ui/TextField';
import { useReadingSupplyPointQuery } from './readingsApi';
import {
  BACK_HOME,
  READING_CONTRACT,
  READING_CUPS,
  READING_INTRO,
  READING_LINE,
  READING_LOAD_FAILED,
  READING_PRODUCT_NOT_FOUND,
  READING_SENT,
  READING_SUBMIT,
  READING_TARIFF,
  READING_TITLE,
} from './readingsMessages';
import { readingFieldsFor, readingSchema, type ReadingField } from './readingsSchemas';
import './readings.css';

function storedPoint(state: StateWithProducts, codAbonado: string): SupplyPoint | null {
  for (const byContract of Object.values(selectCupsList(state) ?? {})) {
    const point = byContract?.[codAbonado];
    if (point) return point;
  }
  return null;
}

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
function ReadingForm({ fields }: { fields: ReadingField[] }) {
  const [sent, setSent] = useState(false);
  const schema = useMemo(() => readingSchema(fields), [fields]);
  const initialValues = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, ''])), [fields]);
  const groups = [...new Set(fields.map((f) => f.group))];

  // Spec 01 §2: sending only validates; there is no call to make.
  const submit = (_values: Record<string, string>, helpers: FormikHelpers<Record<string, string>>) => {
    setSent(true);
    helpers.resetForm();
  };

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      validateOnChange={false}
      validateOnBlur
      onSubmit={submit}
    >
      <Form noValidate className="reading__form">
        {sent && <Notification kind="success">{READING_SENT}</Notification>}
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
      </Form>
    </Formik>
  );
}

export default function ReadingInputPage() {
  const { id = '' } = useParams();
  const product = useSelector((state: StateWithProducts) => productForContract(state, id));
  const stored = useSelector((state: StateWithProducts) => storedPoint(state, id));
  const loaded = useReadingSupplyPointQuery(id, { skip: Boolean(stored) || !id });
  const point = stored ?? loaded.data ?? null;
  const line = point?.line ?? product?.line;
  const fields = useMemo(
    () => (line ? readingFieldsFor(line, point?.accessFee?.fee) : []),
    [line, point?.accessFee?.fee],
  );

  return (
    <BackLinkPage
      className="reading"
      titleId="reading-title"
      title={READING_TITLE}
      back={{ to: pathTo('home'), label: BACK_HOME }}
    >
      {loaded.isFetching && !point && <Spinner />}
      {loaded.isError && !point && (
        <Notification kind="error">
          {READING_LOAD_FAILED} {describeApiError(loaded.error)}
        </Notification>
      )}
      {!point && loaded.isSuccess && <Notification kind="error">{READING_PRODUCT_NOT_FOUND}</Notification>}
      {point && line && (
        <>
          <FactList
            facts={[
              { label: READING_LINE, value: line },
              { label: READING_CUPS, value: product?.cups ?? point.cups },
              { label: READING_CONTRACT, value: product?.codAbonado ?? point.codAbonado },
              ...(point.accessFee?.fee !== undefined
                ? [{ label: READING_TARIFF, value: String(point.accessFee.fee) }]
                : []),
            ]}
          />
          <p>{READING_INTRO}</p>
          <ReadingForm key={id} fields={fields} />
        </>
      )}
    </BackLinkPage>
  );
}
