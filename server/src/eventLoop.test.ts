import { breather, JOB_SLICE_MS } from './eventLoop';

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
});
