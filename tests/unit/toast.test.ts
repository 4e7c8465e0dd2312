import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, dismissToast, getToasts, toast } from '~/lib/toast';

describe('the toast queue', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps at most one toast and removes a dismissed one after the remove delay', () => {
    vi.useFakeTimers();
    toast({ title: 'One' });
    const second = toast({ title: 'Two', description: 'second', variant: 'destructive' });
    expect(getToasts().map((item) => item.title)).toEqual(['Two']);

    dismissToast(second.id);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
