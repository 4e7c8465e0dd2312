import { useSyncExternalStore } from 'react';

/**
 * App-wide toast queue (docs/api.md, Toasts): at most one toast at a time; a dismissed toast stays in
 * memory for its exit animation and is removed after TOAST_REMOVE_DELAY.
 * Call `toast({ title, description, variant, action })` from anywhere in the browser.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A toast with a button (Undo) stays longer, so there is time to reach it. */
export const TOAST_ACTION_DURATION_MS = 10_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** A button in the toast (Undo): clicking it closes the toast, then calls `onClick`. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();
const EMPTY: ToastItem[] = [];

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** The current queue, newest first. */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
