import { Formik, type FormikConfig, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { SummarizedForm } from './SummarizedForm';

interface BlurValidatedFormProps<Values extends FormikValues> {
  initialValues: Values;
  validationSchema: AnyObjectSchema;
  onSubmit: FormikConfig<Values>['onSubmit'];
  className: string;
  children: ReactNode;
}

/**
 * A Formik form that checks a field when it loses focus and every field on sending, never while typing: an
 * error does not appear under a value the user has not finished. A failed send shows the error summary.
 */
export function BlurValidatedForm<Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  className,
  children,
}: BlurValidatedFormProps<Values>) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={validationSchema}
      validateOnChange={false}
      validateOnBlur
      onSubmit={onSubmit}
    >
      <SummarizedForm noValidate className={className}>
        {children}
      </SummarizedForm>
    </Formik>
  );
}
