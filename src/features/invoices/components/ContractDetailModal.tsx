import { formatListDate } from '@/shared/lib/dates';
import { formatNumber } from '@/shared/lib/money';
import type { Line } from '@/shared/session/product';
import { Modal } from '@/shared/ui/Modal';
import { Spinner } from '@/shared/ui/Spinner';
import { contractedPowers } from '../invoiceDisplay';
import type { ContractDetail } from '../invoicesApi';
import {
  CONTRACT_DETAILS,
  CONTRACT_DETAILS_CLOSE,
  DETAIL_ADDRESS,
  DETAIL_CAUDAL,
  DETAIL_CITY,
  DETAIL_COMPANY,
  DETAIL_CONTRACT,
  DETAIL_CUPS,
  DETAIL_FROM,
  DETAIL_NIF,
  DETAIL_POSTAL_CODE,
  DETAIL_POWER,
  DETAIL_PROVINCE,
  DETAIL_TARIFF,
  DETAIL_TO,
  caudalText,
  powerPeriodText,
} from '../invoicesMessages';

interface ContractDetailModalProps {
  line: Line;
  /** null while the details are on their way. */
  detail: ContractDetail | null;
  onClose: () => void;
}

/** Detalles del Contrato over the blurred page (spec 02 §2.4). */
export function ContractDetailModal({ line, detail, onClose }: ContractDetailModalProps) {
  return (
    <Modal title={CONTRACT_DETAILS} onClose={onClose} closeLabel={CONTRACT_DETAILS_CLOSE}>
      {detail ? <ContractDetailList line={line} detail={detail} /> : <Spinner />}
    </Modal>
  );
}

function ContractDetailList({ line, detail }: { line: Line; detail: ContractDetail }) {
  const powers = contractedPowers(detail);
  const rows: [string, string][] = [
    [DETAIL_CONTRACT, detail.codigoContrato ?? ''],
    [DETAIL_COMPANY, detail.RazonSocial ?? ''],
    [DETAIL_NIF, detail.NIF ?? ''],
    [DETAIL_ADDRESS, detail.Direccion ?? ''],
    [DETAIL_CITY, detail.ciudad ?? ''],
    [DETAIL_PROVINCE, detail.provincia ?? ''],
    [DETAIL_POSTAL_CODE, detail.codigoPostal ?? ''],
    [DETAIL_CUPS, detail.CUPS ?? ''],
    [DETAIL_TARIFF, detail.Tarifa ?? ''],
    [DETAIL_FROM, formatListDate(detail.Desde)],
    [DETAIL_TO, formatListDate(detail.Hasta)],
  ];
  if (powers.length > 0) {
    rows.push([
      DETAIL_POWER,
      powers.map(({ period, value }) => powerPeriodText(period, formatNumber(value))).join(' · '),
    ]);
  }
  if (line === 'Gas' && detail.CaudalContrato !== null && detail.CaudalContrato !== undefined) {
    rows.push([DETAIL_CAUDAL, caudalText(formatNumber(detail.CaudalContrato))]);
  }
  return (
    <dl className="contract-detail">
      {rows.map(([label, value]) => (
        <div key={label} className="contract-detail__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
