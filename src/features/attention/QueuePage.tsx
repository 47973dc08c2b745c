import { Formik, Form } from 'formik';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { QueueItem } from '@contract/attention';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { CheckboxField } from '@/shared/ui/CheckboxField';
import { DataTable, type DataColumn } from '@/shared/ui/DataTable';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Page } from '@/shared/ui/Page';
import { SelectField } from '@/shared/ui/SelectField';
import { Spinner } from '@/shared/ui/Spinner';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { WatchValues } from '@/shared/ui/WatchValues';
import { useAttentionCategoriesQuery, useAttentionQueueQuery, type QueueFilters } from './attentionApi';
import {
  ASKED_FOR_PERSON,
  FILTER_ANY,
  FILTER_ANY_CATEGORY,
  FILTER_CATEGORY,
  FILTER_OVERDUE,
  FILTER_PERSON,
  FILTER_STATUS,
  FILTERS_TITLE,
  OPEN_REQUEST,
  OPEN_REQUEST_HIDDEN,
  QUEUE_COLUMN,
  QUEUE_COUNT,
  QUEUE_EMPTY,
  QUEUE_INTRO,
  QUEUE_LOAD_FAILED,
  QUEUE_ROW_NAME,
  QUEUE_TABLE_LABEL,
  QUEUE_TITLE,
  daysLeftText,
} from './attentionMessages';
import './attention.css';

interface FilterValues {
  status: string;
  category: string;
  overdue: boolean;
  person: boolean;
}

const noFilters: FilterValues = { status: '', category: '', overdue: false, person: false };
const STATUS_OPTIONS = [
  { value: 'Nueva', label: 'Nueva' },
  { value: 'En curso', label: 'En curso' },
];

/** The call's filters: an empty choice or an unticked box filters nothing. */
function queueFilters(values: FilterValues): QueueFilters {
  return {
    ...(values.status && { status: values.status as QueueFilters['status'] }),
    ...(values.category && { category: values.category }),
    ...(values.overdue && { overdue: true }),
    ...(values.person && { person: true }),
  };
}

const COLUMNS: DataColumn<QueueItem>[] = [
  { key: 'tracking', header: QUEUE_COLUMN.tracking, render: (item) => item.tracking_code ?? item.id },
  { key: 'subject', header: QUEUE_COLUMN.subject, wraps: true, render: (item) => item.subject },
  { key: 'category', header: QUEUE_COLUMN.category, render: (item) => item.category },
  { key: 'status', header: QUEUE_COLUMN.status, render: (item) => item.status },
  { key: 'deadline', header: QUEUE_COLUMN.deadline, render: (item) => formatListDate(item.deadline) },
  {
    key: 'daysLeft',
    header: QUEUE_COLUMN.daysLeft,
    render: (item) => (
      <span className={item.overdue ? 'attention-overdue' : undefined}>
        {daysLeftText(item.overdue ? -1 : item.business_days_left)}
      </span>
    ),
  },
  {
    key: 'person',
    header: QUEUE_COLUMN.person,
    render: (item) => (item.asked_for_person ? ASKED_FOR_PERSON : ''),
  },
  {
    key: 'open',
    header: QUEUE_COLUMN.open,
    render: (item) => (
      <Link to={pathTo('attentionDetail', { id: item.id })}>
        {OPEN_REQUEST}
        <VisuallyHidden>{OPEN_REQUEST_HIDDEN(item.tracking_code ?? String(item.id))}</VisuallyHidden>
      </Link>
    ),
  },
];

/** The staff's queue (issue 27): open requests, overdue first then by deadline, with the filters the law's desk needs. */
export default function QueuePage() {
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useAttentionQueueQuery(filters, { refetchOnMountOrArgChange: true });
  const categories = useAttentionCategoriesQuery();
  const categoryOptions = (categories.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  const filtersChanged = useCallback((values: FilterValues) => setFilters(queueFilters(values)), []);
  const items = queue.data?.items ?? [];

  return (
    <Page className="attention-queue" title={QUEUE_TITLE}>
      <p>{QUEUE_INTRO}</p>
      <Formik initialValues={noFilters} onSubmit={() => undefined}>
        <Form className="attention-filters" aria-labelledby="attention-filters-title">
          <h2 id="attention-filters-title" className="attention-filters__title">
            {FILTERS_TITLE}
          </h2>
          <WatchValues onChange={filtersChanged} />
          <SelectField
            name="status"
            label={FILTER_STATUS}
            errorLine={false}
            placeholder={FILTER_ANY}
            options={STATUS_OPTIONS}
          />
          <SelectField
            name="category"
            label={FILTER_CATEGORY}
            errorLine={false}
            placeholder={FILTER_ANY_CATEGORY}
            options={categoryOptions}
          />
          <CheckboxField name="overdue" label={FILTER_OVERDUE} />
          <CheckboxField name="person" label={FILTER_PERSON} />
        </Form>
      </Formik>
      {queue.isFetching && <Spinner />}
      {queue.isError && (
        <ErrorWithRetry onRetry={() => void queue.refetch()}>
          {QUEUE_LOAD_FAILED} {describeApiError(queue.error)}
        </ErrorWithRetry>
      )}
      {queue.isSuccess && (
        <p className="attention-queue__count" role="status">
          {items.length === 0 ? QUEUE_EMPTY : QUEUE_COUNT(items.length)}
        </p>
      )}
      {queue.isSuccess && items.length > 0 && (
        <DataTable
          label={QUEUE_TABLE_LABEL}
          rows={items}
          columns={COLUMNS}
          rowKey={(item) => String(item.id)}
          summary={{
            keys: ['tracking', 'daysLeft', 'subject', 'open'],
            rowName: (item) => QUEUE_ROW_NAME(item.tracking_code ?? String(item.id)),
          }}
        />
      )}
    </Page>
  );
}
