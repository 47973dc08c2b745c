import { Formik, type FormikProps } from 'formik';
import { useRef, useState, type ReactNode } from 'react';
import type { SelectedProduct } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { DateFormikField } from '@/shared/ui/DateFormikField';
import { FactList, type Fact } from '@/shared/ui/FactList';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { useFocusWhenSettled } from '@/shared/ui/useFocusWhenSettled';
import {
  CONTRACT_LABEL,
  CUPS_LABEL,
  DOWNLOAD_BUTTON,
  FROM_LABEL,
  LINE_LABEL,
  TO_LABEL,
  VIEW_BUTTON,
} from './measurementMessages';
import { validateMeasurementRange, type LongRange, type RangeValues } from './measurementRange';
import './measurement.css';

/** Line, CUPS and contract: what telemetry and certificate show of the contract. */
export const productFacts = (product: SelectedProduct): Fact[] => [
  { label: LINE_LABEL, value: product.line },
  { label: CUPS_LABEL, value: product.cups },
  { label: CONTRACT_LABEL, value: product.codAbonado },
];

/** A download button: its label (Descargar curva unless said), busy while saving; `run` answers an error text or null. */
export interface MeasurementDownload {
  label?: string;
  busy: boolean;
  run: (values: RangeValues) => Promise<string | null>;
}

interface MeasurementPageProps {
  title: string;
  /** Where Volver leads. */
  back: string;
  /** Links to the contract's related screens, beside the title in a nav labelled `links.label`. */
  links?: { label: string; content: ReactNode };
  facts: readonly Fact[];
  intro?: ReactNode;
  /** Prefix of the date fields' ids, unique per screen. */
  idPrefix: string;
  initialRange: RangeValues;
  /** The load curve's reading of the 12-month rule (see validateMeasurementRange). */
  strictRange?: boolean;
  /** A longer limit than the spec's 12 months (the load curve's explorer by week, month or year). */
  longRange?: LongRange;
  /** Visualizar on the chart screens. */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** A promise keeps Formik submitting until it settles. */
  onSubmit: (values: RangeValues) => void | Promise<void>;
  /** Descargar curva (and the load curve's CSV beside it): saves the file of the range in the form. */
  download?: MeasurementDownload | readonly MeasurementDownload[];
  /** What the range gives: chart, empty state, notices. */
  children?: ReactNode;
}

/**
 * The frame of the telemetry, load curve and certificate screens (spec 02 §2.6–2.8): back link, title, the
 * contract's facts, Desde and Hasta under the 12-month rule with their buttons, then the screen's own answer.
 * A download validates the dates first, as a search does (spec 02 §5).
 */
export function MeasurementPage({
  title,
  links,
  back,
  facts,
  intro,
  idPrefix,
  initialRange,
  strictRange = false,
  longRange,
  submitLabel = VIEW_BUTTON,
  submitDisabled,
  onSubmit,
  download,
  children,
}: MeasurementPageProps) {
  const formRef = useRef<FormikProps<RangeValues>>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Each range sent moves the focus to the answer below the form (chart, empty state, file saved).
  const [sent, setSent] = useState(0);
  const answerRef = useRef<HTMLDivElement>(null);
  useFocusWhenSettled(sent, false, () => answerRef.current);

  const downloads = ([] as MeasurementDownload[]).concat(download ?? []);

  const startDownload = async ({ run }: MeasurementDownload) => {
    const form = formRef.current;
    if (!form) return;
    setDownloadError(null);
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      await form.setTouched({ from: true, to: true }, false);
      return;
    }
    setDownloadError(await run(form.values));
  };

  return (
    <Page
      className="measurement"
      titleId="page-title"
      title={title}
      back={back}
      aside={
        links && (
          <nav className="measurement__links" aria-label={links.label}>
            {links.content}
          </nav>
        )
      }
    >
      <FactList facts={facts} />
      {intro}
      <Formik
        innerRef={formRef}
        initialValues={initialRange}
        // A range set from outside the form (the load curve's drill-down, back/forward) shows in it.
        enableReinitialize
        validate={(values) => validateMeasurementRange(values, { strict: strictRange, longRange })}
        onSubmit={(values) => {
          setDownloadError(null);
          setSent((count) => count + 1);
          return onSubmit(values);
        }}
      >
        <SummarizedForm noValidate className="measurement__form">
          <DateFormikField name="from" id={`${idPrefix}-from`} label={FROM_LABEL} />
          <DateFormikField name="to" id={`${idPrefix}-to`} label={TO_LABEL} />
          <div className="measurement__actions">
            <Button type="submit" disabled={submitDisabled}>
              {submitLabel}
            </Button>
            {downloads.map((file) => (
              <Button
                key={file.label ?? DOWNLOAD_BUTTON}
                variant="secondary"
                onClick={() => void startDownload(file)}
                disabled={file.busy}
              >
                {file.label ?? DOWNLOAD_BUTTON}
              </Button>
            ))}
          </div>
        </SummarizedForm>
      </Formik>
      {downloadError && <Notification kind="error">{downloadError}</Notification>}
      <div ref={answerRef} className="measurement__answer" tabIndex={-1}>
        {children}
      </div>
    </Page>
  );
}
