import { Fragment, type RefObject } from 'react';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import {
  CONFIRM_DATA,
  EDIT_DATA,
  ELECTRICITY_PRODUCTS,
  GAS_PRODUCTS,
  LANGUAGE_SPANISH,
  NOT_GIVEN,
  PRODUCTS_FOUND,
  SENDING,
  STEP_SUMMARY_HEADING,
  SUMMARY_LABELS,
  type OutcomeMessage,
} from '../accountMessages';
import type { SignupValues } from '../accountSchemas';
import { signupBody } from '../signupBody';
import type { SignupState } from '../useSignup';

function Summary({ values }: { values: SignupValues }) {
  const body = signupBody(values);
  const document = `${values.documentType.toUpperCase()} ${values.documentNumber}`;
  const rows: [string, string][] = [
    [SUMMARY_LABELS.name, body.firstName],
    [SUMMARY_LABELS.surnames, body.lastName || NOT_GIVEN],
    [SUMMARY_LABELS.username, body.username],
    ...(values.isAdministradorFinca ? ([[SUMMARY_LABELS.signInWith, body.email]] as [string, string][]) : []),
    [SUMMARY_LABELS.email, body.email],
    [SUMMARY_LABELS.document, document],
    ...(values.isAdministradorFinca
      ? []
      : ([
          [SUMMARY_LABELS.ownerCif, values.ownerCif],
          [SUMMARY_LABELS.telephone, body.telefono || NOT_GIVEN],
        ] as [string, string][])),
    [SUMMARY_LABELS.language, LANGUAGE_SPANISH],
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

interface SignupSummaryStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  values: SignupValues;
  products: SignupState['products'];
  message: OutcomeMessage | null;
  /** The outcome so far forbids sending (signupBlocksSubmit). */
  blocked: boolean;
  sending: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}

/** Step 2: what will be sent, the products found, the outcome so far, and Modificar datos / Confirmar. */
export function SignupSummaryStep({
  headingRef,
  values,
  products,
  message,
  blocked,
  sending,
  onEdit,
  onConfirm,
}: SignupSummaryStepProps) {
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1}>
        {STEP_SUMMARY_HEADING}
      </h2>
      <Summary values={values} />
      {products && (
        <>
          <h3>{PRODUCTS_FOUND}</h3>
          <ul className="product-counts">
            <li>
              <strong>{products.electricity}</strong> {ELECTRICITY_PRODUCTS}
            </li>
            <li>
              <strong>{products.gas}</strong> {GAS_PRODUCTS}
            </li>
          </ul>
        </>
      )}
      {message && <Notification kind={message.kind}>{message.text}</Notification>}
      <div className="account-actions">
        <Button variant="secondary" onClick={onEdit}>
          {EDIT_DATA}
        </Button>
        <Button onClick={onConfirm} disabled={blocked || sending}>
          {sending ? SENDING : CONFIRM_DATA}
        </Button>
      </div>
    </div>
  );
}
