import { z } from 'zod';

/** The shortest password anyone may choose (NIST SP 800-63B asks for at least 8; payroll data deserves more). */
export const PASSWORD_MIN_LENGTH = 10;

/** The least strength a new password must reach on zxcvbn's scale of 0–4 (3: about 10⁸ guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/**
 * Characters that do not show: control characters, format characters (\p{Cf}: zero-width spaces and joiners, the
 * bidirectional controls, the soft hyphen…) and the line and paragraph separators. A password padded with them looks
 * long and is not; refused rather than stripped, so what is typed is what is kept.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** What the strength estimator says of a password: zxcvbn's score (0–4), its warning, and whether it found a user input. */
export interface PasswordStrength {
  score: number;
  warning: string | null;
  /** The password holds one of the user inputs (the user's name or login, the organisation's name). */
  personal: boolean;
}
export type PasswordEstimator = (password: string, userInputs: string[]) => PasswordStrength;

let estimator: PasswordEstimator | undefined;

/**
 * Installs the strength estimator (password-strength.ts: zxcvbn with its dictionaries). The server installs it at
 * start; the web app loads it lazily (the dictionaries are large) and checks length and the like until then.
 */
export function setPasswordEstimator(e: PasswordEstimator): void {
  estimator = e;
}

/** Whether `passwordProblem` also judges strength (the estimator is installed). */
export function passwordStrengthReady(): boolean {
  return estimator !== undefined;
}

/** Who is choosing the password: their words make a password weak (zxcvbn's user inputs). */
export interface PasswordContext {
  /** The sign-in name. */
  userName?: string | null;
  /** The person's full name. */
  fullName?: string | null;
  /** The organisation's name. */
  organisation?: string | null;
  /** An installation's own minimum (the server's PASSWORD_MIN_LENGTH), never below PASSWORD_MIN_LENGTH. */
  minLength?: number;
}

/** The user inputs for the estimator: each name whole and word by word (words of 3 letters or more). */
function userInputsOf(ctx: PasswordContext): string[] {
  const out = new Set<string>();
  for (const value of [ctx.userName, ctx.fullName, ctx.organisation]) {
    const v = value?.trim().toLowerCase();
    if (!v) continue;
    out.add(v);
    for (const word of v.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) out.add(word);
  }
  return [...out];
}

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  const min = Math.max(PASSWORD_MIN_LENGTH, ctx.minLength ?? PASSWORD_MIN_LENGTH);
  if (INVISIBLE.test(password)) return 'The password cannot hold invisible characters (zero-width, direction or control characters)';
  if (password.trim().length === 0) return 'The password cannot be blank';
  if (password.length < min) return `At least ${min} characters`;
  if (new Set(password).size < 4) return 'Use more different characters';
  const userName = ctx.userName?.trim().toLowerCase();
  if (userName && userName.length >= 3 && password.toLowerCase().includes(userName)) return 'Do not use the user name in the password';
  if (!estimator) return null;
  const inputs = userInputsOf(ctx);
  const strength = estimator(password, inputs);
  const personal = 'Do not build the password from your name, user name or the organisation’s name';
  if (strength.score < PASSWORD_MIN_SCORE) {
    if (strength.personal) return personal;
    return `This password is too easy to guess${strength.warning ? ` (${strength.warning.replace(/\.$/, '').toLowerCase()})` : ''}; add more words or characters`;
  }
  // Strong only thanks to the names ("Sunbeam@Textiles1" at Sunbeam Textiles): what is left without them must be strong.
  const rest = withoutWords(password, inputs);
  if (rest !== password && estimator(rest, inputs).score < PASSWORD_MIN_SCORE) return personal;
  return null;
}

/** The password with every user input taken out (any letter case), longest first. */
function withoutWords(password: string, words: string[]): string {
  let rest = password;
  for (const w of [...words].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), '');
  }
  return rest;
}

/** A new password, checked by the policy above (the server checks it again wherever it sets one). */
export const ZNewPassword = z
  .string()
  .max(128, 'At most 128 characters')
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
