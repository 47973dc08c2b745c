import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import type { Line } from '@/shared/session/product';
import { Notification } from '@/shared/ui/Notification';
import { Pagination, useFocusAfterPageChange } from '@/shared/ui/Pagination';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { useAppDispatch } from '@/shared/store/hooks';
import { useContractPdfMutation } from './contractsApi';
import {
  COLUMN,
  CONTRACT_PDF_FAILED,
  LINE_COUNT,
  LINE_PAGER_LABEL,
  LINE_TABLE_LABEL,
  LINE_TITLES,
  ROW_CERTIFICATE,
  ROW_CERTIFICATE_HIDDEN,
  ROW_CONSUMPTION,
  ROW_CONSUMPTION_HIDDEN,
  ROW_INVOICES,
  ROW_INVOICES_HIDDEN,
  ROW_PDF,
  ROW_PDF_LABEL,
  ROW_READING,
  ROW_READING_HIDDEN,
} from './contractsMessages';
import { contractAddress, displayState } from './contractsModel';
import { productSelected, type ContractRow, type ContractsPage } from './contractsSlice';

interface ContractsTableProps {
  line: Line;
  page: ContractsPage;
  total: number;
  onPageChange: (page: number) => void;
}

interface RowLinkProps {
  route: RouteId;
  row: ContractRow;
  line: Line;
  text: string;
  hidden: string;
}

/** A link to a contract screen that first records the product it is about (spec 02 §3 Selected product). */
function RowLink({ route, row, line, text, hidden }: RowLinkProps) {
  const dispatch = useAppDispatch();
  return (
    <Link
      to={pathTo(route, { id: row.codAbonado })}
      onClick={() => dispatch(productSelected({ line, cups: row.cups, codAbonado: row.codAbonado }))}
    >
      {text}
      <VisuallyHidden>{hidden}</VisuallyHidden>
    </Link>
  );
}

function ContractPdfButton({
  row,
  line,
  onFailure,
}: {
  row: ContractRow;
  line: Line;
  onFailure: () => void;
}) {
  const [fetchPdf, { isLoading }] = useContractPdfMutation();
  const download = async () => {
    try {
      await fetchPdf({ codAbonado: row.codAbonado, line }).unwrap();
    } catch {
      onFailure();
    }
  };
  return (
    <button
      type="button"
      className="contracts__pdf"
      onClick={() => void download()}
      disabled={isLoading}
      aria-label={ROW_PDF_LABEL(row.codAbonado)}
    >
      {ROW_PDF}
    </button>
  );
}

/** One line's contracts, 10 per page, with the links and the contract PDF of each row (spec 01 §2 Home). */
export function ContractsTable({ line, page, total, onPageChange }: ContractsTableProps) {
  const [pdfFailed, setPdfFailed] = useState(false);
  const { targetRef: regionRef, onPageChange: changePage } = useFocusAfterPageChange<HTMLDivElement>(
    page.activePage,
    onPageChange,
  );
  const isElectricity = line === 'Electricidad';
  const headingId = `contracts-${line}`;
  return (
    <section className="contracts" aria-labelledby={headingId}>
      <h2 id={headingId} className="contracts__title">
        {LINE_TITLES[line]} <span className="contracts__count">{LINE_COUNT(total)}</span>
      </h2>
      {pdfFailed && <Notification kind="error">{CONTRACT_PDF_FAILED}</Notification>}
      <div
        ref={regionRef}
        className="table-scroll"
        role="region"
        aria-label={LINE_TABLE_LABEL(line)}
        tabIndex={0}
      >
        <table className="data-table contracts__table">
          <thead>
            <tr>
              <th scope="col">{COLUMN.code}</th>
              <th scope="col">{COLUMN.contract}</th>
              <th scope="col">{COLUMN.cups}</th>
              <th scope="col">{COLUMN.address}</th>
              <th scope="col">{COLUMN.startDate}</th>
              <th scope="col">{COLUMN.endDate}</th>
              <th scope="col">{COLUMN.state}</th>
              <th scope="col">{COLUMN.tariff}</th>
              <th scope="col">{COLUMN.invoices}</th>
              <th scope="col">{COLUMN.certificate}</th>
              {isElectricity && <th scope="col">{COLUMN.consumption}</th>}
              <th scope="col">{COLUMN.reading}</th>
            </tr>
          </thead>
          <tbody>
            {page.pages.map((row) => (
              <tr key={row.codAbonado}>
                <td>{row.codigoContratoSICOM}</td>
                <td>
                  <span className="contracts__code">{row.codAbonado}</span>
                  <ContractPdfButton row={row} line={line} onFailure={() => setPdfFailed(true)} />
                </td>
                <td className="contracts__cups">{row.cups}</td>
                <td>{contractAddress(row)}</td>
                <td className="contracts__date">{formatListDate(row.fechaAlta)}</td>
                <td className="contracts__date">{formatListDate(row.fechaBaja)}</td>
                <td>
                  <span
                    className={`contracts__state contracts__state--${row.estado === 'Contrato' ? 'alta' : 'other'}`}
                  >
                    {displayState(row.estado)}
                  </span>
                </td>
                <td>{row.tarifa}</td>
                <td>
                  <RowLink
                    route="invoices"
                    row={row}
                    line={line}
                    text={ROW_INVOICES}
                    hidden={ROW_INVOICES_HIDDEN(row.codAbonado)}
                  />
                </td>
                <td>
                  <RowLink
                    route="certificate"
                    row={row}
                    line={line}
                    text={ROW_CERTIFICATE}
                    hidden={ROW_CERTIFICATE_HIDDEN(row.codAbonado)}
                  />
                </td>
                {isElectricity && (
                  <td>
                    <RowLink
                      route="telemetry"
                      row={row}
                      line={line}
                      text={ROW_CONSUMPTION}
                      hidden={ROW_CONSUMPTION_HIDDEN(row.codAbonado)}
                    />
                  </td>
                )}
                <td>
                  <RowLink
                    route="readingInput"
                    row={row}
                    line={line}
                    text={ROW_READING}
                    hidden={ROW_READING_HIDDEN(row.codAbonado)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
