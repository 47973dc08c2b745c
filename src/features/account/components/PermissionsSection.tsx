import { Formik, type FormikHelpers, useField } from 'formik';
import { useState } from 'react';
import type { GrantItem, GrantSupply } from '@contract/permissions';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { describeApiError, spokenMessage } from '@/shared/api/apiErrors';
import { formatListDate } from '@/shared/lib/dates';
import { addMonths } from '@/shared/lib/isoDates';
import { Button } from '@/shared/ui/Button';
import { CheckboxField } from '@/shared/ui/CheckboxField';
import { type DataColumn, DataTable } from '@/shared/ui/DataTable';
import { DateFormikField } from '@/shared/ui/DateFormikField';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Modal } from '@/shared/ui/Modal';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import { usePermissionsQuery, useGivePermissionMutation, useRevokePermissionMutation } from '../accountApi';
import {
  PERMISSION_COLUMNS,
  PERMISSION_ALL_SUPPLIES,
  PERMISSION_DATES,
  PERMISSION_FAILED,
  PERMISSION_FORM,
  PERMISSION_REVOKE,
  PERMISSION_REVOKE_CONFIRM,
  PERMISSION_REVOKE_NO,
  PERMISSION_REVOKE_TITLE,
  PERMISSION_REVOKE_YES,
  PERMISSION_SCOPE_NAMES,
  PERMISSION_SCOPES,
  PERMISSION_STATES,
  PERMISSIONS_ACTIVE,
  PERMISSIONS_INTRO,
  PERMISSIONS_LOAD_FAILED,
  PERMISSIONS_NONE_ACTIVE,
  PERMISSIONS_NONE_PAST,
  PERMISSIONS_PAST,
  PERMISSIONS_TITLE,
} from '../accountMessages';
import { permissionSchema, type PermissionValues } from '../accountSchemas';
import { RadioGroupField } from './RadioGroupField';

/** A refused grant or revocation says why (the server's Spanish rules); anything else, the usual text. */
function failureText(error: FetchBaseQueryError | SerializedError | undefined): string {
  const body = error && 'status' in error && typeof error.status === 'number' ? error.data : undefined;
  return `${PERMISSION_FAILED} ${spokenMessage(body) ?? describeApiError(error)}`;
}

const supplyText = (supply: GrantSupply) => `${supply.cups} · ${supply.direccion}`;

/**
 * A permission's supplies, one per line. "All my supplies" can be dozens (an account with many homes): it says so
 * in one line with their number, and lists them only when opened.
 */
function GrantedSupplies({ grant }: { grant: GrantItem }) {
  const list = (
    <ul className="permissions__granted-list">
      {grant.suministros.map((supply) => (
        <li key={supply.codigoContrato}>{supplyText(supply)}</li>
      ))}
    </ul>
  );
  if (!grant.todos) return list;
  return (
    <details className="permissions__all">
      <summary>{PERMISSION_ALL_SUPPLIES(grant.suministros.length)}</summary>
      {list}
    </details>
  );
}

/** The chosen supplies: one checkbox per supply (CUPS and address), bound to the list of contract codes. */
function SupplyChoice({ supplies }: { supplies: GrantSupply[] }) {
  const [all] = useField<boolean>({ name: 'todos', type: 'checkbox' });
  const [, meta] = useField<string[]>('contratos');
  return (
    <fieldset
      className="permissions__supplies"
      aria-describedby={meta.error ? 'permission-supplies-error' : undefined}
    >
      <legend>{PERMISSION_FORM.supplies}</legend>
      <CheckboxField name="todos" label={PERMISSION_FORM.all} />
      {!all.checked &&
        supplies.map((supply) => <SupplyCheckbox key={supply.codigoContrato} supply={supply} />)}
      {meta.touched && meta.error && (
        <p id="permission-supplies-error" className="field__error">
          {meta.error}
        </p>
      )}
    </fieldset>
  );
}

function SupplyCheckbox({ supply }: { supply: GrantSupply }) {
  const [field] = useField({ name: 'contratos', type: 'checkbox', value: supply.codigoContrato });
  const id = `permission-supply-${supply.codigoContrato}`;
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" className="field__checkbox" {...field} />
      <label htmlFor={id}>{supplyText(supply)}</label>
    </div>
  );
}

/**
 * Mi cuenta's "Permisos de acceso" (issue 28): give a person (by NIF/NIE/CIF) read access to all or chosen
 * supplies, for some dates (at most two years) and a scope; list the active and past permissions and revoke
 * one after a confirmation.
 */
export function PermissionsSection() {
  const permissions = usePermissionsQuery();
  const [give] = useGivePermissionMutation();
  const [revoke, revoking] = useRevokePermissionMutation();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<GrantItem | null>(null);
  const answer = permissions.data;

  const submit = async (values: PermissionValues, helpers: FormikHelpers<PermissionValues>) => {
    const result = await give({ ...values, documento: values.documento.trim() });
    if ('data' in result && result.data) {
      setOutcome({ kind: 'success', text: result.data.message });
      helpers.resetForm();
    } else {
      setOutcome({ kind: 'error', text: failureText(result.error) });
    }
  };
  const confirmRevoke = async () => {
    if (!confirming) return;
    const result = await revoke(confirming.id);
    setConfirming(null);
    setOutcome(
      'data' in result && result.data
        ? { kind: 'success', text: result.data.message }
        : { kind: 'error', text: failureText(result.error) },
    );
  };

  const columns = (withAction: boolean): DataColumn<GrantItem>[] => [
    { key: 'who', header: PERMISSION_COLUMNS.who, render: (row) => row.documento },
    {
      key: 'supplies',
      header: PERMISSION_COLUMNS.supplies,
      render: (row) => <GrantedSupplies grant={row} />,
      wraps: true,
    },
    {
      key: 'dates',
      header: PERMISSION_COLUMNS.dates,
      render: (row) => PERMISSION_DATES(formatListDate(row.desde), formatListDate(row.hasta)),
    },
    { key: 'scope', header: PERMISSION_COLUMNS.scope, render: (row) => PERMISSION_SCOPE_NAMES[row.alcance] },
    { key: 'state', header: PERMISSION_COLUMNS.state, render: (row) => PERMISSION_STATES[row.estado] },
    ...(withAction
      ? [
          {
            key: 'action',
            header: PERMISSION_COLUMNS.action,
            render: (row: GrantItem) => (
              <Button variant="secondary" onClick={() => setConfirming(row)}>
                {PERMISSION_REVOKE}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const inForce =
    answer?.permisos.filter((row) => row.estado === 'vigente' || row.estado === 'pendiente') ?? [];
  const past = answer?.permisos.filter((row) => row.estado === 'revocado' || row.estado === 'caducado') ?? [];
  const initialValues: PermissionValues | null = answer
    ? {
        documento: '',
        todos: false,
        contratos: [],
        desde: answer.hoy,
        // A year, pre-filled: the holder changes it up to two.
        hasta: addMonths(answer.hoy, 12),
        alcance: 'consumo',
      }
    : null;

  return (
    <section id="permisos-de-acceso" className="permissions" aria-labelledby="permissions-title">
      <h2 id="permissions-title">{PERMISSIONS_TITLE}</h2>
      <p>{PERMISSIONS_INTRO}</p>
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      {permissions.isError && (
        <ErrorWithRetry onRetry={() => void permissions.refetch()}>
          {PERMISSIONS_LOAD_FAILED} {describeApiError(permissions.error)}
        </ErrorWithRetry>
      )}
      {answer && initialValues && (
        <Formik
          initialValues={initialValues}
          validationSchema={permissionSchema}
          validateOnChange={false}
          validateOnBlur
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <SummarizedForm noValidate className="account-form permissions__form">
              <TextField name="documento" label={PERMISSION_FORM.document} autoComplete="off" />
              <SupplyChoice supplies={answer.suministros} />
              <DateFormikField name="desde" label={PERMISSION_FORM.from} />
              <DateFormikField name="hasta" label={PERMISSION_FORM.until} />
              <RadioGroupField name="alcance" legend={PERMISSION_FORM.scope} options={PERMISSION_SCOPES} />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? PERMISSION_FORM.sending : PERMISSION_FORM.give}
              </Button>
            </SummarizedForm>
          )}
        </Formik>
      )}
      {answer && (
        <>
          <h3>{PERMISSIONS_ACTIVE}</h3>
          {inForce.length ? (
            <DataTable
              label={PERMISSIONS_ACTIVE}
              rows={inForce}
              columns={columns(true)}
              rowKey={(row) => String(row.id)}
            />
          ) : (
            <p>{PERMISSIONS_NONE_ACTIVE}</p>
          )}
          <h3>{PERMISSIONS_PAST}</h3>
          {past.length ? (
            <DataTable
              label={PERMISSIONS_PAST}
              rows={past}
              columns={columns(false)}
              rowKey={(row) => String(row.id)}
            />
          ) : (
            <p>{PERMISSIONS_NONE_PAST}</p>
          )}
        </>
      )}
      {confirming && (
        <Modal
          title={PERMISSION_REVOKE_TITLE}
          onClose={() => setConfirming(null)}
          closeLabel={PERMISSION_REVOKE_NO}
        >
          <p>{PERMISSION_REVOKE_CONFIRM(confirming.documento)}</p>
          <Button onClick={() => void confirmRevoke()} disabled={revoking.isLoading}>
            {PERMISSION_REVOKE_YES}
          </Button>
        </Modal>
      )}
    </section>
  );
}
