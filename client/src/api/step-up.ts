import { useSyncExternalStore } from 'react';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@server/router';

/**
 * Step-up (docs/decisions/0016): a guarded call answered 403 with the `stepUp` flag waits while the
 * step-up dialog asks for a code, then is sent again; cancelling the dialog fails it with the
 * server's message. Calls refused meanwhile wait for the same dialog.
 */
let waiting: { promise: Promise<void>; resolve: () => void; reject: () => void } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function requestStepUp(): Promise<void> {
  if (!waiting) {
    let resolve = () => undefined as void;
    let reject = () => undefined as void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = () => rej(new Error('step-up cancelled'));
    });
    waiting = { promise, resolve, reject };
    emit();
  }
  return waiting.promise;
}

/** The dialog's answer: verified (the waiting calls go again) or cancelled (they fail). */
export function settleStepUp(verified: boolean): void {
  const current = waiting;
  waiting = null;
  if (verified) current?.resolve();
  else current?.reject();
  emit();
}

export function useStepUpAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/**
 * Sends a call refused for want of a recent second factor again once the user has given one;
 * one refused because the GP policy wants a factor set up first calls `onEnrol`.
 */
export function stepUpLink(onEnrol: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let inner: { unsubscribe: () => void } | null = null;
        const attempt = (retried: boolean) => {
          inner = next(op).subscribe({
            next: (value) => observer.next(value),
            error: (error) => {
              if (error.data?.enrolSecondFactor) onEnrol();
              if (!retried && error.data?.stepUp) {
                requestStepUp().then(
                  () => attempt(true),
                  () => observer.error(error),
                );
                return;
              }
              observer.error(error);
            },
            complete: () => observer.complete(),
          });
        };
        attempt(false);
        return () => inner?.unsubscribe();
      });
}
