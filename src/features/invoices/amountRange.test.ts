import { moveAmountRange } from './amountRange';

const limits = { min: -100, max: 500 };

describe('amount range (spec 02 §4)', () => {
  it('moves either end freely between the limits', () => {
    expect(moveAmountRange({ min: 0, max: 300 }, 'min', 50, limits)).toEqual({ min: 50, max: 300 });
    expect(moveAmountRange({ min: 0, max: 300 }, 'max', 200, limits)).toEqual({ min: 0, max: 200 });
  });

  it('sets the minimum to maximum - 1 when it reaches the maximum', () => {
    expect(moveAmountRange({ min: 0, max: 300 }, 'min', 300, limits)).toEqual({ min: 299, max: 300 });
    expect(moveAmountRange({ min: 0, max: 300 }, 'min', 450, limits)).toEqual({ min: 299, max: 300 });
  });

  it('sets the maximum to minimum + 1 when it falls to the minimum', () => {
    expect(moveAmountRange({ min: 40, max: 300 }, 'max', 40, limits)).toEqual({ min: 40, max: 41 });
    expect(moveAmountRange({ min: 40, max: 300 }, 'max', -50, limits)).toEqual({ min: 40, max: 41 });
  });

  it('keeps values inside the price limits', () => {
    expect(moveAmountRange({ min: 0, max: 300 }, 'min', -900, limits)).toEqual({ min: -100, max: 300 });
    expect(moveAmountRange({ min: 0, max: 300 }, 'max', 900, limits)).toEqual({ min: 0, max: 500 });
  });
});
