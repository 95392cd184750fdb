import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { decryptJsonParam, decryptParam, encryptParam } from './crypto';

// The reference: what the product computed with crypto-js 4.2.0 (PBKDF2 defaults to SHA-256 since 4.2).
function referenceEncrypt(text: string, passphrase: string, iv: string): string {
  const key = CryptoJS.PBKDF2(passphrase, 'salt', { keySize: 8, iterations: 100 });
  return CryptoJS.AES.encrypt(text, key, { iv: CryptoJS.enc.Utf8.parse(iv) }).ciphertext.toString();
}

function referenceDecrypt(hex: string, passphrase: string, iv: string): string {
  const key = CryptoJS.PBKDF2(passphrase, 'salt', { keySize: 8, iterations: 100 });
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Hex.parse(hex) });
  return CryptoJS.AES.decrypt(params, key, { iv: CryptoJS.enc.Utf8.parse(iv) }).toString(CryptoJS.enc.Utf8);
}

const params = { passphrase: 'Hr-Payroll-Route-Key', iv: 'Rt9Xq2Lp7Vc4Nz1K' };
const other = { passphrase: 'another secret phrase', iv: '0123456789abcdef' };

const values: Array<string | number | object> = [
  1,
  42,
  987654321,
  '7',
  'a',
  'exactly16bytes!!',
  'a somewhat longer value that spans several AES blocks of sixteen bytes',
  'नमस्ते ₹ 1,00,000 — Chennai',
  '😀 emoji',
  { unitId: 3, employeeDocTypeId: 12 },
  { unitId: 1, name: 'HO – Bengaluru', nested: { ok: true, list: [1, 2, 3] } },
];

describe('route-parameter crypto agrees with crypto-js 4.2.0', () => {
  it('PBKDF2 in crypto-js 4.2 defaults to SHA-256 (our key derivation matches)', () => {
    const sha256Key = CryptoJS.PBKDF2('p', 'salt', { keySize: 8, iterations: 100, hasher: CryptoJS.algo.SHA256 }).toString();
    expect(CryptoJS.PBKDF2('p', 'salt', { keySize: 8, iterations: 100 }).toString()).toBe(sha256Key);
  });

  for (const p of [params, other]) {
    for (const value of values) {
      const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
      it(`encrypts ${JSON.stringify(text).slice(0, 40)} (key ${p.passphrase.slice(0, 8)}…) exactly as crypto-js`, () => {
        const ours = encryptParam(value, p);
        expect(ours).toMatch(/^[0-9a-f]+$/);
        expect(ours).toBe(referenceEncrypt(text, p.passphrase, p.iv));
        expect(referenceDecrypt(ours, p.passphrase, p.iv)).toBe(text);
        expect(decryptParam(referenceEncrypt(text, p.passphrase, p.iv), p)).toBe(text);
      });
    }
  }

  it('uses the build-time defaults when no parameters are given', () => {
    expect(encryptParam(15)).toBe(referenceEncrypt('15', params.passphrase, params.iv));
    expect(decryptParam(encryptParam(15))).toBe('15');
  });

  it('round-trips ids and JSON objects', () => {
    for (const id of [1, 2, 1000, 123456]) expect(Number(decryptParam(encryptParam(id)))).toBe(id);
    const obj = { unitId: 2, careerStepId: 9 };
    expect(decryptJsonParam(encryptParam(obj))).toEqual(obj);
  });
});

describe('decryption failures give ERR', () => {
  const good = encryptParam(12345, params);

  it('tampered hex', () => {
    const last = good.at(-1) === '0' ? '1' : '0';
    expect(decryptParam(good.slice(0, -1) + last, params)).toBe('ERR');
    const flipped = (good[0] === 'a' ? 'b' : 'a') + good.slice(1);
    expect(decryptParam(flipped, params)).not.toBe('12345');
  });

  it('not hex, wrong length, empty, missing', () => {
    expect(decryptParam('zz', params)).toBe('ERR');
    expect(decryptParam('12345', params)).toBe('ERR');
    expect(decryptParam(good.slice(0, 30), params)).toBe('ERR');
    expect(decryptParam('', params)).toBe('ERR');
    expect(decryptParam(undefined, params)).toBe('ERR');
    expect(decryptParam(null, params)).toBe('ERR');
  });

  it('a different key', () => {
    expect(decryptParam(good, other)).not.toBe('12345');
  });

  it('JSON parameter that is not an object', () => {
    expect(decryptJsonParam(encryptParam('plain', params), params)).toBe('ERR');
    expect(decryptJsonParam('nothex', params)).toBe('ERR');
  });

  it('encryption failure gives ERR', () => {
    expect(encryptParam(1, { passphrase: 'x', iv: 'too short' })).toBe('ERR');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(encryptParam(cyclic, params)).toBe('ERR');
  });
});
