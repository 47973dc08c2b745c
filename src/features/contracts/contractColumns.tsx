import { Link } from 'react-router-dom';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/isoDates';
import { productSelected, type Line } from '@/shared/session/product';
import { CupsText } from '@/shared/ui/CupsText';
import type { DataColumn } from '@/shared/ui/DataTable';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { useAppDispatch } from '@/shared/store/hooks';
import { useContractPdfMutation } from './contractDownloadsApi';
import {
  COLUMN,
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
import type { ContractRow as Row } from './contractsSlice';

interface RowLinkSpec {
  route: RouteId;
  header: string;
  text: string;
  hidden: (contract: string) => string;
  /** Consumos: only electricity contracts have telemetry. */
  electricityOnly?: boolean;
}

/** The screens a contract row links to, in column order (spec 01 §2 Home). */
const ROW_LINKS: RowLinkSpec[] = [
  { route: 'invoices', header: COLUMN.invoices, text: ROW_INVOICES, hidden: ROW_INVOICES_HIDDEN },
  { route: 'certificate', header: COLUMN.certificate, text: ROW_CERTIFICATE, hidden: ROW_CERTIFICATE_HIDDEN },
  {
    route: 'telemetry',
    header: COLUMN.consumption,
    text: ROW_CONSUMPTION,
    hidden: ROW_CONSUMPTION_HIDDEN,
    electricityOnly: true,
  },
  { route: 'readingInput', header: COLUMN.reading, text: ROW_READING, hidden: ROW_READING_HIDDEN },
];

const rowLinksOf = (line: Line) =>
  ROW_LINKS.filter((link) => line === 'Electricidad' || !link.electricityOnly);

/** A link to a contract screen that first records the product it is about (spec 02 §3 Selected product). */
function RowLink({ link, row, line }: { link: RowLinkSpec; row: Row; line: Line }) {
  const dispatch = useAppDispatch();
  return (
    <Link
      to={pathTo(link.route, { id: row.codAbonado })}
      onClick={() => dispatch(productSelected({ line, cups: row.cups, codAbonado: row.codAbonado }))}
    >
      {link.text}
      <VisuallyHidden>{link.hidden(row.codAbonado)}</VisuallyHidden>
    </Link>
  );
}

function ContractPdfButton({ row, line, onFailure }: { row: Row; line: Line; onFailure: () => void }) {
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

/** A contract's facts, its PDF and the links to its screens, in the order of the home tables (spec 01 §2 Home). */
export function contractColumns(line: Line, onPdfFailure: () => void): DataColumn<Row>[] {
  return [
    { key: 'code', header: COLUMN.code, render: (row) => row.codigoContratoSICOM ?? '' },
    {
      key: 'contract',
      header: COLUMN.contract,
      render: (row) => (
        <>
          <span className="contracts__code">{row.codAbonado}</span>
          <ContractPdfButton row={row} line={line} onFailure={onPdfFailure} />
        </>
      ),
    },
    {
      key: 'cups',
      header: COLUMN.cups,
      render: (row) => <CupsText cups={row.cups} className="contracts__cups" />,
    },
    { key: 'address', header: COLUMN.address, wraps: true, render: contractAddress },
    { key: 'startDate', header: COLUMN.startDate, render: (row) => formatListDate(row.fechaAlta) },
    { key: 'endDate', header: COLUMN.endDate, render: (row) => formatListDate(row.fechaBaja) },
    {
      key: 'state',
      header: COLUMN.state,
      render: (row) => (
        <span
          className={`contracts__state contracts__state--${row.estado === 'Contrato' ? 'alta' : 'other'}`}
        >
          {displayState(row.estado)}
        </span>
      ),
    },
    { key: 'tariff', header: COLUMN.tariff, render: (row) => row.tarifa ?? '' },
    ...rowLinksOf(line).map((link) => ({
      key: link.route,
      header: link.header,
      render: (row: Row) => <RowLink link={link} row={row} line={line} />,
    })),
  ];
}
