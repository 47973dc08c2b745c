import { electricityBill } from './billing';
import { measurementsBetween } from './loadProfile';
import { pricesFor } from './prices';
import { contractOn, powersOn, TD_TOLLS_FROM, tollOn } from './tolls';

describe('the toll in force on a date', () => {
  it.each([
    ['2.0A', '2.0TD'],
    ['2.1DHA', '2.0TD'],
    ['2.0DHS', '2.0TD'],
    ['3.0A', '3.0TD'],
    ['3.1A', '6.1TD'],
    ['6.1A', '6.1TD'],
  ])('%s until 31 May 2021, %s from 1 June 2021', (old, successor) => {
    expect(tollOn(old, '2021-05-31')).toBe(old);
    expect(tollOn(old, TD_TOLLS_FROM)).toBe(successor);
    expect(tollOn(old, '2026-10-01')).toBe(successor);
  });

  it('leaves the TD tolls and gas as they are', () => {
    for (const tariff of ['2.0TD', '3.0TD', '6.1TD', 'RL.2'])
      expect(tollOn(tariff, '2026-10-01')).toBe(tariff);
  });

  it('gives the successor its power periods, none falling from P1 on', () => {
    expect(powersOn('2.0A', [4.6], '2026-01-01')).toEqual([4.6, 4.6]);
    expect(powersOn('3.0A', [20, 25, 30], '2026-01-01')).toEqual([20, 25, 30, 30, 30, 30]);
    expect(powersOn('3.0A', [20, 25, 30], '2021-05-01')).toEqual([20, 25, 30]);
  });

  it('shows a contract as it stands on its last day: its end, or today while it runs', () => {
    const signed = {
      tariff: '2.1DHA',
      access_fee: '2.1DHA',
      end_date: null as string | null,
      power_p1: 12.5,
      power_p2: null,
      power_p3: null,
      power_p4: null,
      power_p5: null,
      power_p6: null,
    };
    expect(contractOn(signed, '2026-11-08')).toMatchObject({
      tariff: '2.0TD',
      access_fee: '2.0TD',
      power_p1: 12.5,
      power_p2: 12.5,
      power_p3: null,
    });
    expect(contractOn({ ...signed, end_date: '2020-02-29' }, '2026-11-08')).toEqual({
      ...signed,
      end_date: '2020-02-29',
    });
  });
});

describe('a bill of a contract signed on an old toll', () => {
  const profile = { kind: 'terciario' as const, meanKw: 6, solarKw: 0, seed: 7 };
  const period = { from: '2026-10-01', until: '2026-10-31', launchDate: '2026-11-05' };
  const hours = measurementsBetween(profile, period.from, period.until);

  it('bills the successor: its periods, prices and powers', () => {
    const bill = electricityBill({ tariff: '3.0A', powers: [30, 30, 30] }, period, hours);
    const successor = electricityBill({ tariff: '3.0TD', powers: [30, 30, 30, 30, 30, 30] }, period, hours);
    expect(bill.tariff).toBe('3.0TD');
    expect(bill).toEqual(successor);
    expect(bill.detail.power.map((term) => term.period)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(bill.detail.energy[0].price).toBe(pricesFor('3.0TD', period.from).energy[0]);
  });

  it('bills the old toll before June 2021, and has no price for it after', () => {
    const may = { from: '2021-05-01', until: '2021-05-31', launchDate: '2021-06-05' };
    const bill = electricityBill({ tariff: '3.0A', powers: [30, 30, 30] }, may, []);
    expect(bill.tariff).toBe('3.0A');
    expect(bill.detail.energy.map((term) => term.label)).toEqual(['P1 Punta', 'P2 Llano', 'P3 Valle']);
    expect(() => pricesFor('3.0A', '2026-10-01')).toThrow('Sin precios para la tarifa 3.0A el 2026-10-01');
  });
});
