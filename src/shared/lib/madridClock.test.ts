import { formatMadridTime, madridOffsetHours, noteServerTime, serverNow } from './madridClock';

const intl = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

describe('madridClock', () => {
  it('labels every hour of three years (both DST changes each) as Intl does for Europe/Madrid', () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2027, 0, 1); time += 1_800_000) {
      if (formatMadridTime(time) !== intl.format(time)) differences.push(new Date(time).toISOString());
    }
    expect(differences).toEqual([]);
  });

  it('changes offset at 01:00 UTC on the last Sundays of March and October', () => {
    expect(madridOffsetHours(Date.UTC(2026, 2, 29, 0, 59))).toBe(1);
    expect(madridOffsetHours(Date.UTC(2026, 2, 29, 1))).toBe(2);
    expect(madridOffsetHours(Date.UTC(2026, 9, 25, 0, 59))).toBe(2);
    expect(madridOffsetHours(Date.UTC(2026, 9, 25, 1))).toBe(1);
    expect(formatMadridTime(Date.UTC(2026, 9, 25, 0))).toBe('25/10/2026, 02:00');
    expect(formatMadridTime(Date.UTC(2026, 9, 25, 1))).toBe('25/10/2026, 02:00');
  });

  it('counts now from the server’s last X-Server-Time, ignoring a header it cannot read', () => {
    const receivedAt = Date.now();
    noteServerTime('2027-01-15T07:30:00.000Z', receivedAt);
    expect(Math.abs(serverNow().getTime() - Date.parse('2027-01-15T07:30:00.000Z'))).toBeLessThan(5_000);
    for (const header of [null, undefined, '', 'ayer']) noteServerTime(header);
    expect(Math.abs(serverNow().getTime() - Date.parse('2027-01-15T07:30:00.000Z'))).toBeLessThan(5_000);
    noteServerTime(new Date().toISOString());
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
