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

describe('a toast with an action', () => {
  it('keeps the action with the toast, and a later toast replaces it', () => {
    let undone = 0;
    toast({ title: 'Term deleted', description: 'LNG', action: { label: 'Undo', onClick: () => undone++ } });
    const [shown] = getToasts();
    expect(shown?.title).toBe('Term deleted');
    expect(shown?.action?.label).toBe('Undo');
    shown?.action?.onClick();
    expect(undone).toBe(1);
    toast({ title: 'Term restored' });
    expect(getToasts()[0]?.action).toBeUndefined();
  });
});
