import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { type BillExplanation, type BillPart, billExplanation } from '../contract/billExplainer';
import { type Comparison, explainInvoice, type SupplyExplanation } from '../data/billExplainer';
import { displayNumber } from '../data/display';
import { euros, integer } from '../documents/format';
import { errorBody, notFound } from '../http/errors';
import type { PartKey } from '../measurements/billChange';
import type { RoutePlugin } from './context';
import { rowId } from './schemas';

/** The parts' names as the view shows them; gas bills a fixed term where electricity bills power. */
const PART_LABELS: Record<PartKey, string> = {
  days: 'Días facturados',
  consumption: 'Consumo',
  energyPrice: 'Precio de la energía',
  power: 'Término de potencia',
  other: 'Otros cargos',
  taxes: 'Impuestos',
  rounding: 'Redondeo',
};
const FIXED_TERM = 'Término fijo';

const labelOf = (key: PartKey, gas: boolean) => (key === 'power' && gas ? FIXED_TERM : PART_LABELS[key]);

const partsOf = (parts: { key: PartKey; euros: number }[], gas: boolean): BillPart[] =>
  parts.map(({ key, euros: value }) => ({ key, label: labelOf(key, gas), euros: value }));

/** Why, in a few words, from the largest part that pushes the same way as the difference. */
function reason(supplies: SupplyExplanation[], gas: boolean): string {
  const comparisons = supplies.map((s) => s.previous!);
  const difference = comparisons.reduce((sum, c) => sum + c.difference, 0);
  const totals = new Map<PartKey, number>();
  for (const c of comparisons) {
    for (const p of c.parts) totals.set(p.key, (totals.get(p.key) ?? 0) + p.euros);
  }
  const [key] = [...totals.entries()]
    .filter(([k, value]) => k !== 'rounding' && Math.sign(value) === Math.sign(difference))
    .sort(([, a], [, b]) => Math.abs(b) - Math.abs(a))[0] ?? ['rounding'];
  const more = (value: number) => (value > 0 ? 'más' : 'menos');
  switch (key) {
    case 'consumption': {
      const period = comparisons
        .flatMap((c) => c.consumption)
        .sort((a, b) => Math.sign(difference) * (b.euros - a.euros))[0];
      const kwh = period.kwhNow - period.kwhBefore;
      return `porque ha consumido ${integer(Math.abs(kwh))} kWh ${more(kwh)} en ${period.label}`;
    }
    case 'energyPrice':
      return `porque el precio de la energía ha ${difference > 0 ? 'subido' : 'bajado'}`;
    case 'days': {
      const days = supplies.reduce((sum, s) => sum + s.figures.days - s.previous!.daysBefore, 0);
      return `porque factura ${integer(Math.abs(days))} días ${more(days)}`;
    }
    case 'power':
      return `por el ${gas ? 'término fijo' : 'término de potencia'}`;
    case 'taxes':
      return 'por los impuestos';
    default:
      return 'por otros cargos';
  }
}

const EXPLAINER_TEXTS = {
  same: 'Esta factura es igual que la anterior.',
  noPrevious: 'No hay una factura anterior de este contrato con la que comparar.',
};

function sentence(supplies: SupplyExplanation[], gas: boolean): string {
  if (supplies.some((s) => !s.previous)) {
    const own = supplies.reduce(
      (sum, s) => ({
        energy: sum.energy + s.figures.energy.reduce((e, t) => e + t.kwh * t.price, 0),
        power: sum.power + s.figures.power,
        taxes: sum.taxes + s.figures.taxes,
        total: sum.total + s.figures.total,
      }),
      { energy: 0, power: 0, taxes: 0, total: 0 },
    );
    return (
      `${EXPLAINER_TEXTS.noPrevious} Esta factura suma ${euros(own.total)}: ${euros(own.energy)} de energía, ` +
      `${euros(own.power)} de ${gas ? 'término fijo' : 'potencia'} y ${euros(own.taxes)} de impuestos.`
    );
  }
  const difference = supplies.reduce((sum, s) => sum + s.previous!.difference, 0);
  if (Math.round(difference * 100) === 0) return EXPLAINER_TEXTS.same;
  return (
    `Esta factura es ${euros(Math.abs(difference))} más ${difference > 0 ? 'alta' : 'baja'} que la anterior, ` +
    `sobre todo ${reason(supplies, gas)}.`
  );
}

const comparisonAnswer = (c: Comparison | null, gas: boolean) =>
  c && {
    invoiceId: c.with.id,
    number: c.with.number,
    from: c.with.from,
    until: c.with.until,
    total: c.with.total,
    difference: c.difference,
    parts: partsOf(c.parts, gas),
    consumption: c.consumption,
  };

function ownParts(s: SupplyExplanation, gas: boolean): BillPart[] {
  const energy = s.figures.energy.reduce((sum, t) => sum + t.kwh * t.price, 0);
  const parts: [PartKey, number][] = [
    ['consumption', energy],
    ['power', s.figures.power],
    ['other', s.figures.other],
    ['taxes', s.figures.taxes],
  ];
  const cents = parts.map(([key, value]) => ({ key, cents: Math.round(value * 100) }));
  const rest = Math.round(s.figures.total * 100) - cents.reduce((sum, p) => sum + p.cents, 0);
  return partsOf(
    [...cents, { key: 'rounding' as const, cents: rest }].map((p) => ({ key: p.key, euros: p.cents / 100 })),
    gas,
  );
}

/** Sums the supplies' parts key by key, in cents, so the total's parts add up to its difference too. */
function totalOf(supplies: SupplyExplanation[], gas: boolean): BillExplanation['total'] {
  if (supplies.some((s) => !s.previous)) return null;
  const cents = new Map<PartKey, number>();
  let difference = 0;
  for (const s of supplies) {
    difference += Math.round(s.previous!.difference * 100);
    for (const p of s.previous!.parts) cents.set(p.key, (cents.get(p.key) ?? 0) + Math.round(p.euros * 100));
  }
  return {
    difference: difference / 100,
    parts: partsOf(
      [...cents.entries()].map(([key, value]) => ({ key, euros: value / 100 })),
      gas,
    ),
  };
}

const explainSchema = {
  params: Type.Object({ id: rowId }),
  response: { 200: billExplanation, '4xx': errorBody },
};

/**
 * "¿Por qué ha cambiado mi factura?" (DECISIONS "The bill"): one invoice against the previous bill of its
 * contract and the same period a year before, per supply, in parts that add up to the difference to the cent.
 */
export const billExplainerRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/invoices/api/explicacion/:id', { schema: explainSchema }, async (request) => {
    const found = await explainInvoice(db, signedInAccount(request), request.params.id);
    if (!found) throw notFound();
    const gas = found.invoice.line === 'Gas';
    return {
      invoiceId: found.invoice.id,
      number: displayNumber(found.invoice),
      line: found.invoice.line,
      sentence: sentence(found.supplies, gas),
      total: totalOf(found.supplies, gas),
      supplies: found.supplies.map((s) => ({
        invoiceId: s.bill.id,
        number: s.bill.number,
        from: s.bill.from,
        until: s.bill.until,
        total: s.bill.total,
        cups: s.cups,
        contractCode: s.contractCode,
        tariff: s.tariff,
        days: s.figures.days,
        own: ownParts(s, gas),
        previous: comparisonAnswer(s.previous, gas),
        yearBefore: comparisonAnswer(s.yearBefore, gas),
        curve: s.curve,
      })),
    };
  });
};
