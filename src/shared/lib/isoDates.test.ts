import fc from 'fast-check';
import moment from 'moment';
import { addDays, addMonths, isValidIso, weekdayIndex } from './isoDates';

// The ISO helpers left moment for the first screen's sake (issue 23): they must answer as moment did.
const ISO = 'YYYY-MM-DD';
const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('isoDates, as moment counts', () => {
  it('adds days and months and finds the weekday the way moment does', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -800, max: 800 }),
        fc.integer({ min: -70, max: 70 }),
        (iso, days, months) => {
          expect(addDays(iso, days)).toBe(moment(iso, ISO, true).add(days, 'days').format(ISO));
          expect(addMonths(iso, months)).toBe(moment(iso, ISO, true).add(months, 'months').format(ISO));
          expect(weekdayIndex(iso)).toBe(moment(iso, ISO, true).isoWeekday() - 1);
        },
      ),
    );
  });

  // Moment also reads the years 0000-0999; isoOf refuses them on purpose (no date a customer means, and Date.UTC
  // would read 0-99 as 1900-1999), so the property compares from the year 1000.
  it('takes as a date exactly the text moment reads strictly as YYYY-MM-DD, from the year 1000', () => {
    const texts = fc.oneof(
      day,
      fc.stringMatching(/^\d{4}-\d{1,2}-\d{1,3}$/),
      fc.constantFrom('2024-02-29', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '', '2026-1-5'),
    );
    const fromYear1000 = (text: string) => Number(text.slice(0, 4)) >= 1000;
    fc.assert(
      fc.property(texts, (text) =>
        expect(isValidIso(text)).toBe(moment(text, ISO, true).isValid() && fromYear1000(text)),
      ),
    );
    // The counterexample a run found: a real day of the year 0.
    expect(isValidIso('0000-06-20')).toBe(false);
  });
});
