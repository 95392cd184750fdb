import { z } from 'zod';

/** The shortest password anyone may choose (NIST SP 800-63B asks for at least 8; payroll data deserves more). */
export const PASSWORD_MIN_LENGTH = 10;

/**
 * Passwords seen again and again in leaked lists, and the office habits of "Name@123": refused whatever
 * their letter case. Short on purpose: the length rule already refuses the shorter classics.
 */
const COMMON = new Set(
  [
    '1234567890',
    '0123456789',
    '12345678910',
    '123456789a',
    '1q2w3e4r5t',
    '1qaz2wsx3edc',
    'qwertyuiop',
    'qwerty1234',
    'qwerty@123',
    'asdfghjkl1',
    'zaq12wsxcde',
    'password12',
    'password123',
    'password@1',
    'password@123',
    'password1234',
    'passw0rd123',
    'p@ssw0rd123',
    'p@ssword123',
    'iloveyou12',
    'iloveyou123',
    'welcome123',
    'welcome@123',
    'welcome@1234',
    'welcome1234',
    'admin@1234',
    'admin12345',
    'administrator',
    'india@1234',
    'india12345',
    'letmein123',
    'changeme123',
    'change@123',
    'default123',
    'sunshine123',
    'football123',
    'abcd@12345',
    'abc@123456',
    'abcdef1234',
    'test@12345',
    'user@12345',
    'guest@1234',
    'pass@12345',
    'company@123',
    'office@123',
    'employee@123',
    'manager@123',
    'payroll@123',
  ].map((p) => p.toLowerCase()),
);

/**
 * What is wrong with a new password, or null when it may be used. `userName` refuses a password that is the name;
 * `minLength` is an installation's own minimum (the server's PASSWORD_MIN_LENGTH), never below PASSWORD_MIN_LENGTH.
 */
export function passwordProblem(password: string, userName?: string, minLength = PASSWORD_MIN_LENGTH): string | null {
  const min = Math.max(PASSWORD_MIN_LENGTH, minLength);
  if (password.trim().length === 0) return 'The password cannot be blank';
  if (password.length < min) return `At least ${min} characters`;
  if (new Set(password).size < 4) return 'Use more different characters';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'This password is too common; choose another';
  if (/^(0123456789|1234567890|9876543210|abcdefghij|qwertyuiop)/.test(lower)) return 'Avoid simple sequences';
  if (userName && lower.includes(userName.trim().toLowerCase()) && userName.trim().length >= 3)
    return 'Do not use the user name in the password';
  return null;
}

/** A new password, checked by the policy above (the server checks it again wherever it sets one). */
export const ZNewPassword = z
  .string()
  .max(128, 'At most 128 characters')
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
