import clone from './clone';

describe('clone (Formik’s shallow copy of form values in the bundle)', () => {
  it('copies arrays, plain objects and dates one level, sharing what is inside', () => {
    const inner = { codigo: '1' };
    const values = { contratos: [inner], nombre: 'Ana' };
    const copy = clone(values);
    expect(copy).toEqual(values);
    expect(copy).not.toBe(values);
    expect(copy.contratos).toBe(values.contratos);
    const list = [inner];
    expect(clone(list)).toEqual(list);
    expect(clone(list)).not.toBe(list);
    expect(clone(list)[0]).toBe(inner);
    const day = new Date('2026-11-01T00:00:00Z');
    expect(clone(day)).toEqual(day);
    expect(clone(day)).not.toBe(day);
  });

  it('copies a class instance with its prototype, never giving back the original', () => {
    class Range {
      constructor(public from: string) {}
    }
    const range = new Range('2026-11-01');
    const copy = clone(range);
    expect(copy).not.toBe(range);
    expect(copy).toBeInstanceOf(Range);
    expect(copy.from).toBe('2026-11-01');
  });

  it('gives primitives back as they are', () => {
    for (const value of ['texto', 0, false, null, undefined]) expect(clone(value)).toBe(value);
  });
});
