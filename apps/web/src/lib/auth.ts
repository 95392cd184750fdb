import type { TMeResponse, TSignInResponse } from '@hr/contract';
import { apiPath } from '@/lib/api-path';
import { ApiError, api, request } from './api';
import { queryClient } from './queryClient';
import { clearSession, getToken, setProfile, setToken } from './session';
import { errorToast } from './toast-store';

/** Signs in; on success the token is stored (local storage Qq5odp). Errors go to `onError` and the toast. */
export async function signIn(userName: string, password: string, onError?: (e: ApiError) => void): Promise<boolean> {
  const res = await request<TSignInResponse>(apiPath('/api/auth/sign-in'), 1, { userName, password }, { onError });
  if (!res?.token) return false;
  clearSession();
  queryClient.clear();
  setToken(res.token);
  return true;
}

/** Loads acc_dtls, units, appMenus and rawMenus for the session; undefined after an error. */
export async function loadProfile(signal?: AbortSignal): Promise<TMeResponse | undefined> {
  const me = await request<TMeResponse>(apiPath('/api/auth/me'), 0, undefined, { signal });
  if (me) setProfile({ acc_dtls: me.acc_dtls, units: me.units, appMenus: me.appMenus, rawMenus: me.rawMenus });
  return me;
}

/**
 * As loadProfile for the signed-in shell, but throwing: a server that cannot be reached (no network: ApiError with
 * status 0) is told apart from a refusal, so the installed app can open on the profile held for the session.
 */
export async function loadProfileOrThrow(signal?: AbortSignal): Promise<TMeResponse> {
  const me = await api.get<TMeResponse>(apiPath('/api/auth/me'), undefined, {
    signal,
    silent: true,
    onError: (e) => {
      if (e.status !== 0) errorToast(e.message);
    },
  });
  setProfile({ acc_dtls: me.acc_dtls, units: me.units, appMenus: me.appMenus, rawMenus: me.rawMenus });
  return me;
}

/**
 * Revokes the token on the server first (so it is dead before the screen changes), then forgets everything
 * held in the browser. No spinner and no toast: signing out must work even when the server is gone.
 */
export async function signOut(): Promise<void> {
  if (getToken()) {
    await request(apiPath('/api/auth/sign-out'), 1, undefined, {
      bypass_log: true,
      silent: true,
      endingSession: true,
      signal: AbortSignal.timeout(5000),
    });
  }
  clearSession();
  queryClient.clear();
}

export { ApiError };
