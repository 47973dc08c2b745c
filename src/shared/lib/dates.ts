import moment from 'moment';
import 'moment/locale/es';

moment.locale('es');

/** The only importer of moment in the SPA: routes that need it load it through their own chunk. */
export function formatListDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = moment(value, [moment.ISO_8601, 'DD-MM-YYYY', 'DD/MM/YYYY'], true);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : value;
}

export function formatLongDate(value: string): string {
  return moment(value).locale('es').format('DD MMMM YYYY');
}
