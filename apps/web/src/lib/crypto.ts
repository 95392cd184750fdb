/**
 * Route-parameter encryption (spec section 9), byte-for-byte the scheme the product has always used with
 * crypto-js 4.2: AES-256-CBC with PKCS#7 padding; key = PBKDF2-HMAC-SHA-256(passphrase, 'salt', 100 iterations,
 * 8 words = 32 bytes); IV = the 16 UTF-8 bytes of a fixed string; ciphertext as lower-case hex.
 *
 * Built on @noble (audited, synchronous) rather than WebCrypto, which is missing on plain-HTTP office networks.
 * This hides ids from plain sight only — the key ships in the bundle; the server authorises every record.
 */
import { cbc } from '@noble/ciphers/aes.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const ROUTE_PARAM_ERROR = 'ERR';

const DEFAULT_PASSPHRASE = 'Hr-Payroll-Route-Key';
const DEFAULT_IV = 'Rt9Xq2Lp7Vc4Nz1K';

function config(): { passphrase: string; iv: string } {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
  return { passphrase: env.VITE_ROUTE_KEY || DEFAULT_PASSPHRASE, iv: env.VITE_ROUTE_IV || DEFAULT_IV };
}

export type CipherParams = { passphrase: string; iv: string };

const keyCache = new Map<string, Uint8Array>();

function deriveKey(passphrase: string): Uint8Array {
  let key = keyCache.get(passphrase);
  if (!key) {
    key = pbkdf2(sha256, utf8ToBytes(passphrase), utf8ToBytes('salt'), { c: 100, dkLen: 32 });
    keyCache.set(passphrase, key);
  }
  return key;
}

function ivBytes(iv: string): Uint8Array {
  const bytes = utf8ToBytes(iv);
  if (bytes.length !== 16) throw new Error('route IV must be 16 bytes');
  return bytes;
}

/** Encrypts an id (number/string) or an object (as JSON) to hex; 'ERR' when that fails. */
export function encryptParam(value: string | number | object, params: CipherParams = config()): string {
  try {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
    if (typeof text !== 'string') return ROUTE_PARAM_ERROR;
    return bytesToHex(cbc(deriveKey(params.passphrase), ivBytes(params.iv)).encrypt(utf8ToBytes(text)));
  } catch {
    return ROUTE_PARAM_ERROR;
  }
}

/** Decrypts hex from a route back to its text; 'ERR' for anything that is not our ciphertext. */
export function decryptParam(hex: string | null | undefined, params: CipherParams = config()): string {
  try {
    if (!hex || !/^(?:[0-9a-fA-F]{32})+$/.test(hex)) return ROUTE_PARAM_ERROR;
    const plain = cbc(deriveKey(params.passphrase), ivBytes(params.iv)).decrypt(hexToBytes(hex));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    return text === '' ? ROUTE_PARAM_ERROR : text;
  } catch {
    return ROUTE_PARAM_ERROR;
  }
}

/** For parameters that carry an object (mapDtls): the parsed JSON, or 'ERR'. */
export function decryptJsonParam<T = unknown>(
  hex: string | null | undefined,
  params: CipherParams = config(),
): T | typeof ROUTE_PARAM_ERROR {
  const text = decryptParam(hex, params);
  if (text === ROUTE_PARAM_ERROR) return ROUTE_PARAM_ERROR;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' ? (value as T) : ROUTE_PARAM_ERROR;
  } catch {
    return ROUTE_PARAM_ERROR;
  }
}
