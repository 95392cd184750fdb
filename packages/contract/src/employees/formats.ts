import { IDENTIFIER_SHAPES, identifierMessage } from '../identifiers';

// Format checks of an employee's identifiers and contact numbers, shared by the API, the web form and the bulk import.

// PAN, IFSC and PIN code are the shared identifier shapes (identifiers.ts).
export const PAN_RE = IDENTIFIER_SHAPES.pan.re;
export const IFSC_RE = IDENTIFIER_SHAPES.ifsc.re;
/** Indian mobile number without the country code: 10 digits starting 6–9. */
export const MOBILE_RE = /^[6-9][0-9]{9}$/;
export const UAN_RE = /^[0-9]{12}$/;
export const ESI_RE = /^[0-9]{10}([0-9]{7})?$/;
export const ACCOUNT_NO_RE = /^[0-9]{9,18}$/;
export const PINCODE_RE = IDENTIFIER_SHAPES.pincode.re;
export const EMPLOYEE_CODE_RE = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,29}$/;

// Verhoeff tables (Aadhaar's last digit is a Verhoeff check digit).
const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The Verhoeff check digit for a string of digits. */
export function verhoeffDigit(digits: string): number {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = VD[c][VP[(i + 1) % 8][Number(rev[i])]];
  return VINV[c];
}

/** Strips spaces and hyphens a user may type in an Aadhaar number. */
export const normaliseAadhaar = (v: string) => v.replace(/[\s-]/g, '');

/** 12 digits, not starting with 0 or 1, with a valid Verhoeff check digit. */
export function isValidAadhaar(raw: string): boolean {
  const v = normaliseAadhaar(raw);
  if (!/^[2-9][0-9]{11}$/.test(v)) return false;
  return verhoeffDigit(v.slice(0, 11)) === Number(v[11]);
}

/** 'XXXX XXXX 1234' for display; only the last four digits are ever stored. */
export const maskAadhaar = (last4: string | null | undefined) => (last4 ? `XXXX XXXX ${last4}` : '');

export const EMPLOYEE_MSG = {
  pan: identifierMessage('PAN', 'pan'),
  ifsc: identifierMessage('IFSC', 'ifsc'),
  aadhaar: 'Aadhaar must be 12 digits with a valid check digit',
  mobile: 'Mobile must be 10 digits starting with 6, 7, 8 or 9',
  uan: 'UAN must be 12 digits',
  esi: 'ESI number must be 10 or 17 digits',
  epfWages: 'EPF wages at joining must be an amount in rupees (at most two decimals, up to ₹1,00,00,000)',
  accountNo: 'Account number must be 9 to 18 digits',
  pincode: identifierMessage('PIN code', 'pincode'),
  code: 'Employee code: letters, digits and / _ . - only (max 30)',
  email: 'Enter a valid e-mail address',
};
