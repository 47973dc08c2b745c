import { Form } from 'formik';
import { useRef, type ComponentProps } from 'react';
import { ErrorSummary } from './ErrorSummary';

/** Formik's Form with the error summary at its top: every form of the portal uses it in place of Form. */
export function SummarizedForm({ children, ...formProps }: Omit<ComponentProps<typeof Form>, 'ref'>) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form ref={formRef} {...formProps}>
      <ErrorSummary formRef={formRef} />
      {children}
    </Form>
  );
}
