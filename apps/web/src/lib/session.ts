/**
 * Client-side session values (spec section 3): the bearer token in local storage 'Qq5odp'; acc_dtls,
 * appMenus, rawMenus, finYear and finYearDtls held for the browser session (sessionStorage, so a reload
 * keeps them and closing the tab forgets them). The server is re-asked (/api/auth/me) on every app start.
 */
import type { TAccountDetails, TAppModule, TFinancialYear, TRawMenu, TUnitRef } from '@hr/contract';
import { createStore } from './store';

export const TOKEN_KEY = 'Qq5odp';
const SESSION_KEYS = ['acc_dtls', 'units', 'appMenus', 'rawMenus', 'finYear', 'finYearDtls'] as const;

export type Session = {
  acc_dtls: TAccountDetails | null;
  units: TUnitRef[];
  appMenus: TAppModule[];
  rawMenus: TRawMenu[];
  /** Selected financial year id. */
  finYear: number | null;
  finYearDtls: TFinancialYear | null;
};

const empty: Session = { acc_dtls: null, units: [], appMenus: [], rawMenus: [], finYear: null, finYearDtls: null };

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function readSession(): Session {
  const s = storage('session');
  if (!s) return empty;
  const out: Record<string, unknown> = { ...empty };
  for (const key of SESSION_KEYS) {
    const raw = s.getItem(key);
    if (raw === null) continue;
    try {
      out[key] = JSON.parse(raw);
    } catch {
      // ignore a damaged value; the server is asked again anyway
    }
  }
  return out as Session;
}

export const sessionStore = createStore<Session>(readSession());

sessionStore.subscribe(() => {
  const s = storage('session');
  if (!s) return;
  const v = sessionStore.get();
  for (const key of SESSION_KEYS) {
    const value = v[key];
    if (value === null || (Array.isArray(value) && value.length === 0)) s.removeItem(key);
    else s.setItem(key, JSON.stringify(value));
  }
});

export function getToken(): string | null {
  return storage('local')?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string): void {
  storage('local')?.setItem(TOKEN_KEY, token);
}

/**
 * The profile kept for opening the installed app without a network (issue 29): the session's profile in local storage,
 * bound to the token it came with; used only while /api/auth/me cannot be reached and the same token is held.
 */
const OFFLINE_PROFILE_KEY = 'offline_profile';
type OfflineProfile = Pick<Session, 'acc_dtls' | 'units' | 'appMenus' | 'rawMenus'>;

export function offlineProfile(): OfflineProfile | null {
  try {
    const raw = storage('local')?.getItem(OFFLINE_PROFILE_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as OfflineProfile & { token?: string };
    const { token, ...profile } = kept;
    return token && token === getToken() && profile.acc_dtls ? profile : null;
  } catch {
    return null;
  }
}

/** Forgets everything the browser holds about the signed-in user. */
export function clearSession(): void {
  storage('local')?.removeItem(OFFLINE_PROFILE_KEY);
  storage('local')?.removeItem(TOKEN_KEY);
  for (const key of SESSION_KEYS) storage('session')?.removeItem(key);
  sessionStore.set(empty);
}

export function setProfile(p: Pick<Session, 'acc_dtls' | 'units' | 'appMenus' | 'rawMenus'>): void {
  sessionStore.set((s) => ({ ...s, ...p }));
  try {
    storage('local')?.setItem(OFFLINE_PROFILE_KEY, JSON.stringify({ token: getToken(), ...p }));
  } catch {
    // storage full or unavailable: the app then opens offline only within this browser session
  }
}

export function setFinancialYear(fy: TFinancialYear): void {
  sessionStore.set((s) => ({ ...s, finYear: fy.id, finYearDtls: fy }));
}

export const useSession = sessionStore.use;
