import { deepFreeze } from './deepFreeze';

describe('deepFreeze', () => {
  it('freezes an answer and every object and array in it, and returns it', () => {
    const answer = { Curvas: { select: [{ hourRecord: 1 }, null, { hourRecord: 2 }] }, series: [1, 2] };
    expect(deepFreeze(answer)).toBe(answer);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.Curvas)).toBe(true);
    expect(Object.isFrozen(answer.Curvas.select)).toBe(true);
    expect(Object.isFrozen(answer.Curvas.select[2])).toBe(true);
    expect(Object.isFrozen(answer.series)).toBe(true);
  });

  it('leaves plain values as they are', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze(3)).toBe(3);
  });
});
