/** Pending-request counter (spec section 4): the global spinner shows while it is above zero. */
import { createStore } from './store';

export const pendingRequests = createStore(0);

export function requestStarted(): void {
  pendingRequests.set((n) => n + 1);
}

export function requestEnded(): void {
  pendingRequests.set((n) => Math.max(0, n - 1));
}

export const usePendingRequests = () => pendingRequests.use();
