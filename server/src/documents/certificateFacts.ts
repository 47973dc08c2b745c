import type { HourlyMeasurement } from '../measurements/loadProfile';

// The certificate's facts, which the event loop gathers (routes/certificates.ts) and a document thread draws
// (certificatePdf.ts): apart from the drawing, so that the route does not load pdfkit (issue 30).

export interface MonthlyConsumption {
  /** 'YYYY-MM'. */
  month: string;
  /** First and last local dates measured within the month, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  active: number;
  reactive: number;
  surplus: number;
}

export interface CertificateData {
  holderName: string;
  holderNif: string;
  cups: string;
  contractCode: string;
  tariff: string;
  supplyAddress: string;
  /** The range asked for, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  months: MonthlyConsumption[];
  /** Local date the certificate is issued, 'YYYY-MM-DD'. */
  issuedOn: string;
}

/** Hourly measurements summed per calendar month (local dates), in order. */
export function monthlyTotals(hours: HourlyMeasurement[]): MonthlyConsumption[] {
  const months = new Map<string, MonthlyConsumption>();
  for (const hour of hours) {
    const key = hour.date.slice(0, 7);
    const entry = months.get(key) ?? {
      month: key,
      from: hour.date,
      to: hour.date,
      active: 0,
      reactive: 0,
      surplus: 0,
    };
    entry.to = hour.date;
    entry.active += hour.active;
    entry.reactive += hour.reactive;
    entry.surplus += hour.surplus;
    months.set(key, entry);
  }
  return [...months.values()];
}
