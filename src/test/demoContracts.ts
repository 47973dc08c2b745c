import type { Line, SupplyPoint } from '@/shared/session/product';
import { cupsListOf } from '@/features/contracts/contractsModel';
import { signInAs } from './realSession';
import { testApiOrigin } from './testConfig';

export interface DemoContract {
  line: Line;
  cups: string;
  codAbonado: string;
  fechaAlta: string;
  fechaBaja: string | null;
  /** The access fee, which for the pre-2021 tariffs is the tariff's own name (2.0A, 3.0A…). */
  tarifa: string;
}

/** Signs in as demo and reads its whole CUPS list from the server; nothing of it is stored. */
export async function demoSupplyPoints(): Promise<SupplyPoint[]> {
  const { accessToken } = await signInAs();
  const answer = await fetch(`${testApiOrigin()}/api/cliente/ov/cups/api/cupsMe`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const select = (await answer.json()).cupsAsociados.select as SupplyPoint | SupplyPoint[];
  return Array.isArray(select) ? select : [select];
}

/** Signs in as demo and stores its whole CUPS list, as its home page does, with no product selected yet. */
export async function storeDemoSupplies(): Promise<SupplyPoint[]> {
  const points = await demoSupplyPoints();
  localStorage.setItem('cups', JSON.stringify(cupsListOf(points)));
  return points;
}

/** Signs in as demo and finds one of its live contracts of the given access fee; nothing is stored. */
export async function findDemoContract(fee: string, line: Line = 'Electricidad'): Promise<SupplyPoint> {
  const points = await demoSupplyPoints();
  const point = points.find(
    (candidate) =>
      candidate.line === line && !candidate.fechaBaja && String(candidate.accessFee?.fee) === fee,
  );
  if (!point) throw new Error(`demo no tiene un contrato vivo de ${line} con peaje ${fee}`);
  return point;
}

/**
 * Signs in as demo and stores its CUPS list with one live contract of the given access fee selected, as the
 * home page does before opening a contract screen.
 */
export async function selectDemoContract(fee: string, line: Line = 'Electricidad'): Promise<DemoContract> {
  const point = await findDemoContract(fee, line);
  localStorage.setItem('cups', JSON.stringify({ [line]: { [point.codAbonado]: point } }));
  localStorage.setItem(
    'selectedProduct',
    JSON.stringify({ line: point.line, cups: point.cups, codAbonado: point.codAbonado }),
  );
  return {
    line: point.line,
    cups: point.cups,
    codAbonado: point.codAbonado,
    fechaAlta: point.fechaAlta ?? '',
    fechaBaja: point.fechaBaja ?? null,
    tarifa: fee,
  };
}
