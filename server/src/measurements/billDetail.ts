/**
 * The terms of one issued bill, as stored in invoices.detail (JSON) and printed on the invoice PDF. Every
 * amount is in euros rounded to the cent, every energy in kWh; the invoice row's totals are the sums of these.
 */

/** One tariff period's energy: kWh from the hourly measurements × the price in force. */
export interface EnergyTerm {
  /** 'P1'..'P6' (electricity); 'Consumo' for gas. */
  period: string;
  /** As printed, e.g. 'P1 Punta' (2.0TD), 'P4' (3.0TD), 'Término variable' (gas). */
  label: string;
  kwh: number;
  /** €/kWh, peajes y cargos included. */
  price: number;
  /** The part of `price` that is peajes de transporte y distribución and cargos, €/kWh. */
  tollsPrice: number;
  /** kwh × price. */
  amount: number;
}

/** One period's contracted power (electricity) or the fixed daily term (gas): kW × days × price. */
export interface PowerTerm {
  period: string;
  label: string;
  /** Contracted kW; for gas the contracted flow (caudal) in kWh/día, printed for information. */
  kw: number;
  days: number;
  /** €/kW·día for electricity; €/día for gas (the fixed term does not multiply by the flow). */
  price: number;
  /** Peajes y cargos part of `price`. */
  tollsPrice: number;
  amount: number;
}

/** A meter register at the start and end of the period: kWh for electricity, m³ for gas. */
export interface MeterReading {
  period: string;
  previous: number;
  current: number;
  unit: 'kWh' | 'm³';
}

export interface BillDetail {
  /** Days billed, both ends included. */
  days: number;
  energy: EnergyTerm[];
  power: PowerTerm[];
  /** Highest hourly power drawn per period, kW (electricity). */
  maxPower: { period: string; kw: number }[];
  /** Peajes y cargos included in the energy and power terms, euros (shown apart from the energy cost). */
  tolls: number;
  /** Self-consumption: surplus kWh × price, taken off the energy term up to its amount (simplified). */
  surplus: { kwh: number; price: number; amount: number } | null;
  /** Impuesto especial sobre la electricidad (rate on energy + power − compensation) or on hydrocarbons (€/kWh). */
  tax: { label: string; rate: number; base: number; amount: number };
  rental: { days: number; pricePerDay: number; amount: number };
  /** Base of VAT: every term above, compensation taken off, tax and rental included. */
  vat: { rate: number; base: number; amount: number };
  readings: MeterReading[];
  /** Real: the distributor read the meter; estimated: it sent no reading for the last day. */
  readingKind: 'Real' | 'Estimada';
  /** Gas: kWh per m³ (conversion factor) used to turn the m³ read into kWh. */
  conversionFactor: number | null;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
}
