import { businessDaysLeft, isBusinessDay, responseDeadline, SPAIN_NATIONAL_HOLIDAYS } from './holidays';

const deadline = (iso: string) => responseDeadline(new Date(iso));

describe('the deadline to answer a request (15 business days, Europe/Madrid)', () => {
  it('counts a Saturday receipt from Monday and skips the 8 December holiday', () => {
    expect(deadline('2026-11-28T10:00:00Z')).toBe('2026-12-22');
    expect(deadline('2026-11-30T09:00:00Z')).toBe('2026-12-22');
  });

  it('reads the day of receipt in Madrid, not in UTC', () => {
    // Friday 27 at 23:30 in Madrid: a business day, counted from that Friday.
    expect(deadline('2026-11-27T22:30:00Z')).toBe('2026-12-21');
    // Saturday 28 at 00:30 in Madrid, still Friday in UTC.
    expect(deadline('2026-11-27T23:30:00Z')).toBe('2026-12-22');
  });

  it('crosses the turn of the year past Christmas, New Year and Epiphany', () => {
    expect(deadline('2024-12-18T12:00:00Z')).toBe('2025-01-13');
    expect(deadline('2026-12-24T12:00:00Z')).toBe('2027-01-19');
  });

  it('skips Good Friday and a receipt on a holiday counts from the next business day', () => {
    // Received on Friday 3 April 2026 (Viernes Santo): from Monday 6 April.
    expect(deadline('2026-04-03T08:00:00Z')).toBe(deadline('2026-04-06T08:00:00Z'));
    expect(deadline('2026-04-06T08:00:00Z')).toBe('2026-04-27');
  });

  it('keeps every year 2024 to 2027 in the one table', () => {
    for (const year of ['2024', '2025', '2026', '2027']) {
      expect(SPAIN_NATIONAL_HOLIDAYS.has(`${year}-01-01`)).toBe(true);
      expect(SPAIN_NATIONAL_HOLIDAYS.has(`${year}-12-25`)).toBe(true);
    }
    expect(isBusinessDay('2026-12-08')).toBe(false);
    expect(isBusinessDay('2026-12-07')).toBe(true);
    expect(isBusinessDay('2026-12-05')).toBe(false);
  });
});

describe('business days left to answer (the staff queue, issue 27)', () => {
  it('counts the business days after today up to the deadline, skipping weekends and holidays', () => {
    // Friday 4/12/2026 to Wednesday 9/12: Monday 7 and Wednesday 9 count; Tuesday 8/12 is a holiday.
    expect(businessDaysLeft('2026-12-04', '2026-12-09')).toBe(2);
    expect(businessDaysLeft('2026-12-22', '2026-12-22')).toBe(0);
    // Across the year: 31/12/2026 (Thursday) to 4/1/2027 (Monday): 1/1 is a holiday, the weekend is not counted.
    expect(businessDaysLeft('2026-12-31', '2027-01-04')).toBe(1);
  });

  it('is negative once the deadline has passed, at least one day behind', () => {
    expect(businessDaysLeft('2026-12-23', '2026-12-22')).toBe(-1);
    expect(businessDaysLeft('2026-12-28', '2026-12-22')).toBe(-3);
    // Passed on a Friday and read on the Saturday: still overdue.
    expect(businessDaysLeft('2026-12-05', '2026-12-04')).toBe(-1);
  });
});
