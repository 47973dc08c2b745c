import { MEASUREMENT_BYTES, MEASUREMENTS_CACHE_BYTES, recentMeasurements } from './caches';
import { measurementsBetween } from './measurements/loadProfile';

describe('recentMeasurements', () => {
  afterEach(() => recentMeasurements.clear());

  const profile = { kind: 'residencial', meanKw: 0.4, solarKw: 0, seed: 7 } as const;

  it('is bounded by bytes: year-long ranges push older ones out before the budget is passed', () => {
    const year = measurementsBetween(profile, '2025-01-01', '2025-12-31');
    for (let i = 0; i < 16; i += 1) recentMeasurements.set(`year ${i}`, year);
    expect(recentMeasurements.calculatedSize).toBeLessThanOrEqual(MEASUREMENTS_CACHE_BYTES);
    expect(recentMeasurements.size).toBe(
      Math.floor(MEASUREMENTS_CACHE_BYTES / (year.length * MEASUREMENT_BYTES)),
    );
    // Least recently used first.
    expect(recentMeasurements.has('year 0')).toBe(false);
    expect(recentMeasurements.has('year 15')).toBe(true);
  });

  it('keeps many more short ranges than long ones', () => {
    const week = measurementsBetween(profile, '2025-09-01', '2025-09-07');
    for (let i = 0; i < 100; i += 1) recentMeasurements.set(`week ${i}`, week);
    expect(recentMeasurements.size).toBe(100);
    expect(recentMeasurements.calculatedSize).toBe(100 * week.length * MEASUREMENT_BYTES);
  });
});
