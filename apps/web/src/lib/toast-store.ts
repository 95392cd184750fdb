import type * as React from 'react';

/** Spec section 9: at most 1 toast shown; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastData = {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  variant?: ToastVariant;
  /** Auto-close time in ms (Radix duration); defaults to 5 s. */
  duration?: number;
  open: boolean;
};

type State = { toasts: ToastData[] };

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: State) {
  state = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

/** Shows a toast; the newest replaces the one on screen (limit 1). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastInput>) => emit({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) }),
  };
}

/** The spec's error toast: destructive, titled 'ERR!!', the error's message as description. */
export function errorToast(message: string) {
  return toast({ variant: 'destructive', title: 'ERR!!', description: message });
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastData[] {
  return state.toasts;
}
