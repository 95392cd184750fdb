import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { decryptJsonParam, decryptParam, ROUTE_PARAM_ERROR } from './crypto';

export const BAD_REQUEST_PATH = '/400-bad-req';

/**
 * Decrypts the route parameter `name` (spec section 2, "Route parameters"). When it does not decrypt the
 * screen goes to /400-bad-req (history replaced) and the hook returns null, so render nothing then.
 *
 *   const leaveId = useEncryptedParam('leaveId');      // '12' or null
 *   if (leaveId === null) return null;
 */
export function useEncryptedParam(name: string): string | null {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[name];
  const value = useMemo(() => decryptParam(raw), [raw]);
  const bad = value === ROUTE_PARAM_ERROR;
  useEffect(() => {
    if (bad) navigate(BAD_REQUEST_PATH, { replace: true });
  }, [bad, navigate]);
  return bad ? null : value;
}

/** Like useEncryptedParam for numeric ids: the id, or null (and off to /400-bad-req) when not a whole number. */
export function useEncryptedId(name: string): number | null {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[name];
  const id = useMemo(() => {
    const text = decryptParam(raw);
    return /^\d+$/.test(text) && Number(text) >= 0 ? Number(text) : null;
  }, [raw]);
  useEffect(() => {
    if (id === null) navigate(BAD_REQUEST_PATH, { replace: true });
  }, [id, navigate]);
  return id;
}

/** For parameters carrying an object (mapDtls): the decrypted object, or null (and off to /400-bad-req). */
export function useEncryptedJsonParam<T extends object>(name: string): T | null {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[name];
  const value = useMemo(() => decryptJsonParam<T>(raw), [raw]);
  const bad = value === ROUTE_PARAM_ERROR;
  useEffect(() => {
    if (bad) navigate(BAD_REQUEST_PATH, { replace: true });
  }, [bad, navigate]);
  return bad ? null : (value as T);
}
