import { z } from 'zod';

// The one set of identifier shapes (issue 28): what an EPFO establishment code, an ESIC employer code, a TAN, a PAN, a
// GSTIN, an IFSC, a PIN code, a coordinate and a master's code look like. Every form and API that takes one (the unit
// master, the PF / ESIC establishments, the employee form and import, bank details, the payment set-up) checks it
// through these, with a message naming the field and the shape expected.

export interface TIdentifierShape {
  /** Upper-case, trimmed text is tested (letters are upper-cased first where `upper`). */
  re: RegExp;
  /** The shape in words, with an example: "four letters, five digits and a letter (AAAA99999A)". */
  shape: string;
  upper: boolean;
}

export const IDENTIFIER_SHAPES = {
  /** EPFO establishment code: state (2 letters), office (3), seven digits and a three-digit extension; slashes optional. */
  pfEstablishment: {
    re: /^[A-Z]{2}\/?[A-Z]{3}\/?\d{7}\/?\d{3}$/,
    shape: 'two letters, three letters, seven digits and a three-digit extension (KN/BNG/0012345/000 or KNBNG0012345000)',
    upper: true,
  },
  /** ESIC employer code: 17 digits. */
  esicEmployer: { re: /^\d{17}$/, shape: '17 digits (e.g. 53000123450001001)', upper: false },
  /** Tax deduction and collection account number. */
  tan: { re: /^[A-Z]{4}\d{5}[A-Z]$/, shape: 'four letters, five digits and a letter (AAAA99999A)', upper: true },
  /** Permanent account number: the fourth letter is the holder's kind (P person, C company, F firm, …). */
  pan: {
    re: /^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/,
    shape: 'five letters, four digits and a letter (AAAAA9999A, e.g. ABCPE1234F)',
    upper: true,
  },
  /** GST identification number: state code, the PAN, the entity number, Z and a check character. */
  gstin: {
    re: /^\d{2}[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
    shape: 'two digits of the state, the PAN, a digit or letter, Z and a check character (29ABCDE1234F1Z5)',
    upper: true,
  },
  /** Indian financial system code of a bank branch. */
  ifsc: { re: /^[A-Z]{4}0[A-Z0-9]{6}$/, shape: 'four letters, a zero and six letters or digits (e.g. HDFC0000123)', upper: true },
  /** Postal index number. */
  pincode: { re: /^[1-9]\d{5}$/, shape: 'six digits, not starting with 0 (e.g. 560011)', upper: false },
  /** A master's code: letters and digits, with - _ . / between them; no spaces or other signs. */
  code: {
    re: /^[A-Za-z0-9](?:[A-Za-z0-9_./-]*[A-Za-z0-9])?$/,
    shape: 'letters and digits, with - _ . / between them and no spaces (e.g. HO-BLR)',
    upper: false,
  },
  /** An earning or deduction head's code, which formulas name: a letter or _, then letters, digits or _. */
  headCode: {
    re: /^[A-Za-z_][A-Za-z0-9_]*$/,
    shape: 'a letter, then letters, digits or _ (no spaces or signs), as formulas name it (e.g. BASIC, SPL_ALW)',
    upper: false,
  },
} as const satisfies Record<string, TIdentifierShape>;

export type TIdentifierKind = keyof typeof IDENTIFIER_SHAPES;

/** "TAN must be four letters, five digits and a letter (AAAA99999A)". */
export const identifierMessage = (label: string, kind: TIdentifierKind) => `${label} must be ${IDENTIFIER_SHAPES[kind].shape}`;

/** The text as it is checked and stored: trimmed, upper-cased for the letter codes. */
export const normaliseIdentifier = (kind: TIdentifierKind, v: string) =>
  IDENTIFIER_SHAPES[kind].upper ? v.trim().toUpperCase() : v.trim();

/** Whether a text is of the shape (after `normaliseIdentifier`). */
export const isIdentifier = (kind: TIdentifierKind, v: string) => IDENTIFIER_SHAPES[kind].re.test(normaliseIdentifier(kind, v));

/** A required identifier: trimmed (upper-cased where the shape is), then checked. */
export function zIdentifier(kind: TIdentifierKind, label: string) {
  return z
    .string()
    .transform((v) => normaliseIdentifier(kind, v))
    .pipe(z.string().min(1, `${label} is required`).regex(IDENTIFIER_SHAPES[kind].re, identifierMessage(label, kind)));
}

/** An optional identifier: '', null and absent become null; anything else must be of the shape. */
export function zOptionalIdentifier(kind: TIdentifierKind, label: string) {
  return z
    .union([z.string().transform((v) => normaliseIdentifier(kind, v)), z.null()])
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), z.string().regex(IDENTIFIER_SHAPES[kind].re, identifierMessage(label, kind))]));
}

const COORDINATE = { latitude: 90, longitude: 180 } as const;

/**
 * A latitude or longitude in decimal degrees with at most six decimals, kept as text ('12.971599'): -90 to 90 or
 * -180 to 180. '', null and absent become null.
 */
export function zOptionalCoordinate(axis: keyof typeof COORDINATE, label: string) {
  const limit = COORDINATE[axis];
  const message = `${label} must be a number of degrees from -${limit} to ${limit} with at most six decimals (e.g. ${axis === 'latitude' ? '12.971599' : '77.594566'})`;
  return z
    .union([z.string().trim(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : String(v)))
    .pipe(
      z.union([
        z.null(),
        z
          .string()
          .regex(/^-?\d{1,3}(\.\d{1,6})?$/, message)
          .refine((v) => Math.abs(Number(v)) <= limit, message),
      ]),
    );
}
