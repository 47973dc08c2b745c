import { breather, CUSTOMERS_CALLING_MS, JOB_SLICE_MS, noteCustomerCall } from './eventLoop';

describe('breather', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('lets the loop go on until a slice of work has run, then yields once and starts a new slice', async () => {
    const breath = breather();
    now += JOB_SLICE_MS - 1;
    expect(breath()).toBeUndefined();
    now += 1;
    const yielded = breath();
    expect(yielded).toBeInstanceOf(Promise);
    await yielded;
    // The slice starts again from the breath.
    now += JOB_SLICE_MS - 1;
    expect(breath()).toBeUndefined();
  });

  it('yields to the I/O waiting: an immediate queued before the breath has run when it resolves', async () => {
    const breath = breather(0);
    let ran = false;
    setImmediate(() => (ran = true));
    await breath();
    expect(ran).toBe(true);
  });

  describe('while customers call', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['performance'] }));
    afterEach(() => jest.useRealTimers());

    /** Whether the breath taken after `worked` ms of work is over once `waited` ms have passed. */
    async function breathOver(worked: number, waited: number) {
      const breath = breather();
      now += worked;
      let over = false;
      void breath()!.then(() => (over = true));
      await jest.advanceTimersByTimeAsync(waited);
      return over;
    }

    it('rests as long as the slice worked', async () => {
      noteCustomerCall();
      expect(await breathOver(10, 9)).toBe(false);
      noteCustomerCall();
      expect(await breathOver(10, 10)).toBe(true);
    });

    it('takes only a turn again once no call came for a while', async () => {
      noteCustomerCall();
      jest.advanceTimersByTime(CUSTOMERS_CALLING_MS);
      expect(await breathOver(10, 0)).toBe(true);
    });
  });
});
