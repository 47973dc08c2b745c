import { formatLongDate, parseTypedDate } from './dates';

// The calendar, written out independently of the parser: days of each month, and the leap years tested.
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const LEAP_YEARS = new Set([2024, 2028]);
const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** Every way a user may type day `d` of month `m` (1-based) of year `y`. */
const spellings = (y: number, m: number, d: number) => [
  `${pad(d)}/${pad(m)}/${y}`,
  `${d}/${m}/${y}`,
  `${pad(d)}-${pad(m)}-${y}`,
  `${d}-${m}-${y}`,
  `${y}-${pad(m)}-${pad(d)}`,
  `${pad(d)} ${SPANISH_MONTHS[m - 1]} ${y}`,
  `${d} ${SPANISH_MONTHS[m - 1]} ${y}`,
];

// The field must read the same day whatever the browser's zone, including Madrid's 23- and 25-hour days: this
// file is also run as `TZ=Europe/Madrid npx jest …` and `TZ=UTC npx jest …` (jest cannot switch the zone of a
// running test file).
describe(`parseTypedDate (TZ=${Intl.DateTimeFormat().resolvedOptions().timeZone})`, () => {
  it.each([2024, 2025, 2026, 2028])(
    'accepts every real day of %i in every format, and refuses the days months lack',
    (year) => {
      for (let month = 1; month <= 12; month += 1) {
        const days = DAYS_IN_MONTH[month - 1] + (month === 2 && LEAP_YEARS.has(year) ? 1 : 0);
        for (let day = 1; day <= 31; day += 1) {
          const expected = day <= days ? `${year}-${pad(month)}-${pad(day)}` : null;
          for (const text of spellings(year, month, day)) {
            expect([text, parseTypedDate(text)]).toEqual([text, expected]);
          }
        }
      }
    },
  );

  it('reads back every date the field displays', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (let day = 1; day <= DAYS_IN_MONTH[month - 1]; day += 1) {
        const iso = `2026-${pad(month)}-${pad(day)}`;
        expect([iso, parseTypedDate(formatLongDate(iso))]).toEqual([iso, iso]);
      }
    }
  });

  it('reads the day first: 01-03-2025 is 1 March 2025', () => {
    expect(parseTypedDate('01-03-2025')).toBe('2025-03-01');
    expect(parseTypedDate('09 mayo 2026')).toBe('2026-05-09');
    expect(parseTypedDate('9 mayo 2026')).toBe('2026-05-09');
  });

  it('keeps the 23- and 25-hour days of 2026', () => {
    expect(parseTypedDate('29/03/2026')).toBe('2026-03-29');
    expect(parseTypedDate('29 marzo 2026')).toBe('2026-03-29');
    expect(formatLongDate('2026-03-29')).toBe('29 marzo 2026');
    expect(parseTypedDate('25/10/2026')).toBe('2026-10-25');
    expect(parseTypedDate('25 octubre 2026')).toBe('2026-10-25');
    expect(formatLongDate('2026-10-25')).toBe('25 octubre 2026');
  });

  it('refuses 29 February outside leap years', () => {
    expect(parseTypedDate('29/02/2025')).toBeNull();
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
  });

  it('tolerates spaces and capitals the user may type', () => {
    expect(parseTypedDate('  9  Mayo 2026 ')).toBe('2026-05-09');
    expect(parseTypedDate('9 de mayo de 2026')).toBe('2026-05-09');
  });

  it.each([
    '',
    'hoy',
    '00/01/2026',
    '32/01/2026',
    '1/13/2026',
    '1/0/2026',
    '01/03-2025',
    '01/03/26',
    '2026/03/01',
    '9 mayoo 2026',
    '9 may 2026',
    '09052026',
  ])('refuses %p', (text) => {
    expect(parseTypedDate(text)).toBeNull();
  });
});
