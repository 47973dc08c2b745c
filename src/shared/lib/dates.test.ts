import {
  addMonths,
  calendarWeeks,
  dateRangeProblems,
  formatListDate,
  formatLongDate,
  fromDashDate,
  monthsBetween,
  toDashDate,
  todayIso,
  toQueryDate,
  weekdayIndex,
  weekdayNamesMondayFirst,
} from './dates';

describe('dates', () => {
  it('takes today in Europe/Madrid, not in UTC', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Madrid.
    expect(todayIso(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('converts between the formats the calls use', () => {
    expect(toQueryDate('2026-03-05')).toBe('2026-03-05');
    expect(toQueryDate('')).toBe('0');
    expect(toQueryDate(null)).toBe('0');
    expect(toDashDate('2026-03-05')).toBe('05-03-2026');
    expect(fromDashDate('05-03-2026')).toBe('2026-03-05');
    expect(fromDashDate('2026-03-05')).toBeNull();
  });

  it('shows list dates as DD/MM/YYYY whatever shape they come in, and leaves an impossible date as it came', () => {
    expect(formatListDate('2026-11-08')).toBe('08/11/2026');
    expect(formatListDate('2024-02-29')).toBe('29/02/2024');
    expect(formatListDate('2026-02-29')).toBe('2026-02-29');
    expect(formatListDate('2026-13-01')).toBe('2026-13-01');
    expect(formatListDate('2026-11-08T10:30:00')).toBe('08/11/2026');
    expect(formatListDate('08-11-2026')).toBe('08/11/2026');
    expect(formatListDate('08/11/2026')).toBe('08/11/2026');
    expect(formatListDate('')).toBe('');
    expect(formatListDate(null)).toBe('');
  });

  it('shows Spanish month names and Monday-first weeks', () => {
    expect(formatLongDate('2026-03-05')).toBe('05 marzo 2026');
    expect(weekdayNamesMondayFirst()[0].long).toBe('lunes');
    // 1 March 2026 is a Sunday: six blanks before it.
    expect(calendarWeeks(2026, 2)[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
  });

  it('measures month ranges with the day of month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(monthsBetween('2025-01-15', '2026-01-15')).toBe(12);
    expect(monthsBetween('2025-01-15', '2026-01-16')).toBeGreaterThan(12);
  });

  it('finds Monday-first week positions', () => {
    // 23 Nov 2026 is a Monday, 29 Nov a Sunday.
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
  });

  describe('dateRangeProblems', () => {
    const rule = { months: 12, today: '2026-11-23' };

    it('tells an empty date from text that is not one, and from a date after today', () => {
      expect(dateRangeProblems('', '2026-11-01', rule)).toEqual({ from: 'required' });
      expect(dateRangeProblems('9 mayoo 2026', '2026-11-01', rule)).toEqual({ from: 'format' });
      expect(dateRangeProblems('2026-11-01', '2026-11-24', rule)).toEqual({ to: 'future' });
      expect(dateRangeProblems('2026-11-24', '2026-11-25', rule)).toEqual({ from: 'future', to: 'future' });
      expect(dateRangeProblems('2026-11-23', '2026-11-23', rule)).toEqual({});
    });

    it('keeps the range rules once both are dates', () => {
      expect(dateRangeProblems('2026-11-02', '2026-11-01', rule)).toEqual({ to: 'beforeFrom' });
      expect(dateRangeProblems('2025-10-31', '2026-11-01', rule)).toEqual({ from: 'tooEarly' });
      expect(dateRangeProblems('2003-12-31', '2004-06-01', rule)).toEqual({ from: 'tooEarly' });
    });
  });
});
