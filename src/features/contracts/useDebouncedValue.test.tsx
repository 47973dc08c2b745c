import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './useDebouncedValue';

// Spec 01 §9's second without typing, on jest's clock: the page test checks the search it starts on the real
// server, this checks the delay itself, which a busy machine cannot stretch or shrink here.
describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('settles a value once it has stayed the same for 1 second, counted from the last change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: '' },
    });
    rerender({ value: 'ES00' });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    rerender({ value: 'ES0021' });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current[0]).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current[0]).toBe('ES0021');
    expect(SEARCH_DEBOUNCE_MS).toBe(1000);
  });

  it('settles at once when asked, with nothing to wait for', () => {
    const { result } = renderHook(() => useDebouncedValue('ES00'));
    act(() => result.current[1]('todo'));
    expect(result.current[0]).toBe('todo');
  });
});
