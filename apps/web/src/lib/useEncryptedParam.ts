import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { decryptJsonParam, decryptParam, ROUTE_PARAM_ERROR } from './crypto';

export const BAD_REQUEST_PATH = '/400-bad-req';

/**
 * Reads the route parameter `name` through `decode`; when that gives null the screen goes to /400-bad-req
 * (history replaced) and the hook returns null, so render nothing then. `decode` must be a stable function.
 */
export function useDecodedParam<T>(name: string, decode: (raw: string | undefined) => T | null): T | null {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[name];
  const value = useMemo(() => decode(raw), [decode, raw]);
  const bad = value === null;
  useEffect(() => {
    if (bad) navigate(BAD_REQUEST_PATH, { replace: true });
  }, [bad, navigate]);
  return value;
}

const decodeText = (raw: string | undefined): string | null => {
  const text = decryptParam(raw);
  return text === ROUTE_PARAM_ERROR ? null : text;
};

const decodeId = (raw: string | undefined): number | null => {
  const text = decryptParam(raw);
  return /^\d+$/.test(text) && Number(text) >= 0 ? Number(text) : null;
};

const decodeJson = (raw: string | undefined): object | null => {
  const value = decryptJsonParam<object>(raw);
  return value === ROUTE_PARAM_ERROR ? null : value;
};

/**
 * Decrypts the route parameter `name` (spec section 2, "Route parameters"): the text, or null (and off to /400-bad-req).
 *
 *   const leaveId = useEncryptedParam('leaveId');      // '12' or null
 *   if (leaveId === null) return null;
 */
export function useEncryptedParam(name: string): string | null {
  return useDecodedParam(name, decodeText);
}

/** Like useEncryptedParam for numeric ids: the id, or null (and off to /400-bad-req) when not a whole number. */
export function useEncryptedId(name: string): number | null {
  return useDecodedParam(name, decodeId);
}

/** For parameters carrying an object (mapDtls): the decrypted object, or null (and off to /400-bad-req). */
export function useEncryptedJsonParam<T extends object>(name: string): T | null {
  return useDecodedParam(name, decodeJson) as T | null;
}
