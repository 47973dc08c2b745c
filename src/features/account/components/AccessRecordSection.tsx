import { type FormEvent, useState } from 'react';
import type { AccessRecordItem } from '@contract/dataAccess';
import { describeApiError } from '@/shared/api/apiErrors';
import { formatMadridTime } from '@/shared/lib/madridClock';
import { DATE_FIELD_MESSAGES, FROM_AFTER_TO } from '@/shared/lib/dateMessages';
import { isValidIso } from '@/shared/lib/isoDates';
import { Button } from '@/shared/ui/Button';
import { DateField } from '@/shared/ui/DateField';
import { FieldFrame } from '@/shared/ui/FieldFrame';
import { type DataColumn, DataTable } from '@/shared/ui/DataTable';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Notification } from '@/shared/ui/Notification';
import { Pagination } from '@/shared/ui/Pagination';
import { type AccessRecordQuery, useAccessRecordQuery, useDownloadAccessRecordMutation } from '../accountApi';
import {
  RECORD_COLUMNS,
  RECORD_DOWNLOAD_FAILED,
  RECORD_EMPTY,
  RECORD_FILTERS,
  RECORD_INTRO,
  RECORD_LOAD_FAILED,
  RECORD_LOADING,
  RECORD_PAGER,
  RECORD_TABLE,
  RECORD_TITLE,
} from '../accountMessages';

const COLUMNS: DataColumn<AccessRecordItem>[] = [
  { key: 'when', header: RECORD_COLUMNS.when, render: (row) => formatMadridTime(Date.parse(row.fecha)) },
  {
    key: 'who',
    header: RECORD_COLUMNS.who,
    // "Administrador de fincas: G. F. C. · ***4567Z"
    render: (row) => `${row.quien.tipo}: ${row.quien.iniciales} · ${row.quien.documento}`,
    wraps: true,
  },
  { key: 'cups', header: RECORD_COLUMNS.cups, render: (row) => row.cups },
  { key: 'data', header: RECORD_COLUMNS.data, render: (row) => row.datos },
];

const NO_FILTERS: AccessRecordQuery = { pagina: 1, cups: '', desde: '', hasta: '' };

/**
 * Mi cuenta's "Registro de accesos" (issue 28): the holder's record of who else read its supplies' data, newest
 * first, a page at a time, filtered by supply and dates, and downloadable as CSV with the same filters.
 */
export function AccessRecordSection() {
  const [query, setQuery] = useState<AccessRecordQuery>(NO_FILTERS);
  const [draft, setDraft] = useState<AccessRecordQuery>(NO_FILTERS);
  const record = useAccessRecordQuery(query);
  const [download, downloading] = useDownloadAccessRecordMutation();
  const answer = record.data;
  const totalPages = answer ? Math.max(1, Math.ceil(answer.total / answer.porPagina)) : 1;

  // A date the field could not read, or a range backwards, is said under its field and searched for never.
  const problems = {
    desde: draft.desde && !isValidIso(draft.desde) ? DATE_FIELD_MESSAGES.format : undefined,
    hasta:
      draft.hasta && !isValidIso(draft.hasta)
        ? DATE_FIELD_MESSAGES.format
        : draft.desde && draft.hasta && draft.desde > draft.hasta
          ? FROM_AFTER_TO
          : undefined,
  };
  const [shownProblems, setShownProblems] = useState<typeof problems>({ desde: undefined, hasta: undefined });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setShownProblems(problems);
    if (problems.desde || problems.hasta) return;
    setQuery({ ...draft, pagina: 1 });
  };
  const dateField = (name: 'desde' | 'hasta', label: string) => (
    <DateField
      id={`access-record-${name}`}
      label={label}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      error={shownProblems[name]}
    />
  );

  return (
    <section
      id="registro-de-accesos"
      className="access-record"
      aria-labelledby="access-record-title"
      aria-busy={record.isFetching}
    >
      <h2 id="access-record-title">{RECORD_TITLE}</h2>
      <p className="access-record__intro">{RECORD_INTRO}</p>
      <form className="access-record__filters" onSubmit={apply}>
        <FieldFrame id="access-record-cups" label={RECORD_FILTERS.cups} error={undefined} errorLine={false}>
          <input
            id="access-record-cups"
            className="field__input"
            name="cups"
            value={draft.cups}
            onChange={(event) => setDraft({ ...draft, cups: event.target.value })}
          />
        </FieldFrame>
        {dateField('desde', RECORD_FILTERS.from)}
        {dateField('hasta', RECORD_FILTERS.until)}
        <Button type="submit" variant="secondary">
          {RECORD_FILTERS.apply}
        </Button>
        <Button variant="secondary" onClick={() => void download(query)} disabled={downloading.isLoading}>
          {RECORD_FILTERS.download}
        </Button>
      </form>
      {downloading.isError && <Notification kind="error">{RECORD_DOWNLOAD_FAILED}</Notification>}
      {record.isLoading && <p>{RECORD_LOADING}</p>}
      {record.isError && (
        <ErrorWithRetry onRetry={() => void record.refetch()}>
          {RECORD_LOAD_FAILED} {describeApiError(record.error)}
        </ErrorWithRetry>
      )}
      {answer && answer.total === 0 && <p>{RECORD_EMPTY}</p>}
      {answer && answer.total > 0 && (
        <>
          <DataTable
            label={RECORD_TABLE}
            rows={answer.registros}
            columns={COLUMNS}
            rowKey={(row, index) => `${row.fecha}-${index}`}
          />
          <Pagination
            page={answer.pagina}
            totalPages={totalPages}
            onChange={(pagina) => setQuery({ ...query, pagina })}
            label={RECORD_PAGER}
          />
        </>
      )}
    </section>
  );
}
