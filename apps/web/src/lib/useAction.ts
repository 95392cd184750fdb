/**
 * One way for a screen to run an action behind a button (save, approve, upload, download):
 *
 *   const save = useAction((values: TForm) => api.post<TUnit>(apiPath('/api/resources/unit'), values), {
 *     success: (unit) => `${unit.name} saved`,
 *     onDone: () => queryClient.invalidateQueries({ queryKey: ['units'] }),
 *   });
 *   <Button disabled={save.busy} onClick={() => void save.run(values)}>Save</Button>
 *
 * While the action runs `busy` is true and `pending` holds its arguments (which row is being approved: the last run
 * started; disable the button with `busy`, or a row's with `pending`). On success the green toast shows (`success`: its title,
 * or a function of the result and the arguments giving a title, a title and a description, or nothing), then `onDone`
 * runs, still busy. On failure the error toast shows the way every call's does: `request`/`api` (lib/api.ts) and
 * `uploadFile` have already shown the server's message for an ApiError; any other error gets the same 'ERR!!' toast
 * here. Then `onError` runs (inline field errors, a refresh). `run` resolves with the result, or undefined after a failure.
 */
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { ApiError } from './api';
import { errorToast, toast } from './toast-store';

export type TSuccessToast = { title: ReactNode; description?: ReactNode };

export type ActionOptions<A extends unknown[], R> = {
  /** The success toast: its title, a title and a description, or made from the result and the arguments (null: none). */
  success?: string | TSuccessToast | ((result: R, ...args: A) => string | TSuccessToast | null | undefined);

  /** After success (and its toast), still busy: refresh queries, close a dialog, clear the form. */
  onDone?: (result: R, ...args: A) => unknown;
  /** After a failure (and its error toast), still busy: inline field errors, a refresh of stale data. */
  onError?: (error: unknown, ...args: A) => unknown;
};

export type Action<A extends unknown[], R> = {
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
  /** The arguments of the run in progress, or null. */
  pending: A | null;
};

function showSuccess<A extends unknown[], R>(success: ActionOptions<A, R>['success'], result: R, args: A): void {
  const made = typeof success === 'function' ? success(result, ...args) : success;
  if (made === null || made === undefined || made === '') return;
  toast(typeof made === 'string' ? { variant: 'success', title: made } : { variant: 'success', ...made });
}

/** The error toast for a failure that has not shown one yet (an ApiError has: lib/api.ts shows it before throwing). */
export function showActionError(error: unknown): void {
  if (error instanceof ApiError) return;
  errorToast(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
}

/**
 * The `run` of useAction apart from React: `current()` gives the latest function and options, `setPending` is told
 * the arguments when a run starts and null when it ends.
 */
export function actionRunner<A extends unknown[], R>(
  current: () => { fn: (...args: A) => Promise<R>; options: ActionOptions<A, R> },
  setPending: (args: A | null) => void,
): (...args: A) => Promise<R | undefined> {
  return async (...args: A) => {
    setPending(args);
    const { fn, options } = current();
    try {
      let result: R;
      try {
        result = await fn(...args);
      } catch (error) {
        showActionError(error);
        try {
          await options.onError?.(error, ...args);
        } catch (again) {
          showActionError(again);
        }
        return undefined;
      }
      showSuccess(options.success, result, args);
      try {
        await options.onDone?.(result, ...args);
      } catch (error) {
        showActionError(error);
      }
      return result;
    } finally {
      setPending(null);
    }
  };
}

/** Runs `fn` behind a button: busy while it runs, the success toast, the error toast, then enabled again. */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options: ActionOptions<A, R> = {}): Action<A, R> {
  const [pending, setPending] = useState<A | null>(null);
  const latest = useRef({ fn, options });
  latest.current = { fn, options };
  const [run] = useState(() => actionRunner<A, R>(() => latest.current, setPending));
  return { run, busy: pending !== null, pending };
}
