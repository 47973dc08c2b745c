import { useState } from 'react';
import type { Line } from '@/shared/session/product';
import { Notification } from '@/shared/ui/Notification';
import { Pagination, useFocusAfterPageChange } from '@/shared/ui/Pagination';
import { DataTable } from '@/shared/ui/DataTable';
import {
  CONTRACT_PDF_FAILED,
  CONTRACT_ROW_NAME,
  LINE_COUNT,
  LINE_PAGER_LABEL,
  LINE_TABLE_LABEL,
  LINE_TITLES,
} from './contractsMessages';
import { contractColumns } from './contractColumns';
import type { ContractRow, ContractsPage } from './contractsSlice';

interface ContractsTableProps {
  line: Line;
  page: ContractsPage;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * On a phone each contract is one line (number and PDF, state, address) and the rest opens with Detalles, so
 * the home is a few screens instead of twelve (issue 24 "Phones").
 */
const CONTRACT_SUMMARY = {
  keys: ['contract', 'state', 'address'],
  rowName: (row: ContractRow) => CONTRACT_ROW_NAME(row.codAbonado),
} as const;

/** One line's contracts, 10 per page, with the links and the contract PDF of each row (spec 01 §2 Home). */
export function ContractsTable({ line, page, total, onPageChange }: ContractsTableProps) {
  const [pdfFailed, setPdfFailed] = useState(false);
  const { targetRef: regionRef, onPageChange: changePage } = useFocusAfterPageChange<HTMLDivElement>(
    page.activePage,
    onPageChange,
  );
  const headingId = `contracts-${line}`;
  return (
    <section className="contracts" aria-labelledby={headingId}>
      <h2 id={headingId} className="contracts__title">
        {LINE_TITLES[line]} <span className="contracts__count">{LINE_COUNT(total)}</span>
      </h2>
      {pdfFailed && <Notification kind="error">{CONTRACT_PDF_FAILED}</Notification>}
      <DataTable
        ref={regionRef}
        label={LINE_TABLE_LABEL(line)}
        className="contracts__table"
        rows={page.pages}
        columns={contractColumns(line, () => setPdfFailed(true))}
        rowKey={(row) => row.codAbonado}
        summary={CONTRACT_SUMMARY}
      />
      <Pagination
        page={page.activePage}
        totalPages={page.totalPages}
        onChange={changePage}
        label={LINE_PAGER_LABEL(line)}
        arrows
      />
    </section>
  );
}
