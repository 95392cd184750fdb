import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem, passwordStrengthReady, setPasswordEstimator, ZNewPassword } from './password';
import { installPasswordStrength } from './password-strength';

installPasswordStrength();

describe('password policy', () => {
  it.each([
    ['password', `At least ${PASSWORD_MIN_LENGTH} characters`],
    ['12345678', `At least ${PASSWORD_MIN_LENGTH} characters`],
    ['        ', 'The password cannot be blank'],
    ['            ', 'The password cannot be blank'],
    ['aaaaaaaaaaaa', 'Use more different characters'],
  ])('refuses %j', (pw, problem) => {
    expect(passwordProblem(pw)).toBe(problem);
    expect(ZNewPassword.safeParse(pw).success).toBe(false);
  });

  it.each(['Meera#Payroll26', 'correct horse battery', 'Tiffin-Box-42'])('accepts %j', (pw) => {
    expect(passwordProblem(pw)).toBeNull();
    expect(ZNewPassword.parse(pw)).toBe(pw);
  });

  // Long enough and varied enough for the old rules, and still among the first guesses of any cracker (issue 23).
  it.each([
    'Password1!',
    'Admin@12345',
    'Welcome@2026',
    'Employee@1234',
    '1122334455',
    'Password@123',
    'WELCOME@123',
    '1234567890ab',
    'Qwertyuiop!!',
    'Payroll@2026',
  ])('refuses the guessable %j by its strength', (pw) => {
    expect(passwordProblem(pw)).toMatch(/^This password is too easy to guess/);
    expect(ZNewPassword.safeParse(pw).success).toBe(false);
  });

  it.each([
    ['zero-width spaces padding abcd', 'a\u200bb\u200bc\u200bd\u200b\u200b\u200b\u200b\u200b\u200b'],
    ['a zero-width joiner', 'Tiffin\u200d-Box-42'],
    ['a right-to-left override', 'Tiffin-Box-42\u202e'],
    ['a byte-order mark', '\ufeffTiffin-Box-42'],
    ['a soft hyphen', 'Tiffin\u00adBox-42'],
    ['a NUL', 'Tiffin-Box-42\u0000'],
    ['a line separator', 'Tiffin-Box-42\u2028'],
    ['a C1 control', 'Tiffin-Box-42\u0085'],
  ])('refuses invisible characters: %s', (_what, pw) => {
    expect(passwordProblem(pw)).toBe('The password cannot hold invisible characters (zero-width, direction or control characters)');
    expect(ZNewPassword.safeParse(pw).success).toBe(false);
  });

  it('refuses a password that holds the user name', () => {
    expect(passwordProblem('ravi.kumar2026', { userName: 'Ravi.Kumar' })).toBe('Do not use the user name in the password');
    expect(passwordProblem('Ravi-Tiffin-Box-42', { userName: 'meera' })).toBeNull();
  });

  it('refuses a password built from the person’s or the organisation’s name (zxcvbn user inputs)', () => {
    const ctx = { userName: 'rkumar', fullName: 'Ravichandran Kumaraswamy', organisation: 'Sunbeam Textiles Pvt Ltd' };
    for (const pw of ['Sunbeam@Textiles1', 'Kumaraswamy#2026', 'Ravichandran@2026'])
      expect(passwordProblem(pw, ctx)).toBe('Do not build the password from your name, user name or the organisation’s name');
    // The same passwords are strong for someone else.
    expect(passwordProblem('Sunbeam@Textiles1', { userName: 'meera', organisation: 'Acme Engineering' })).toBeNull();
    expect(passwordProblem('Tiffin-Box-42', ctx)).toBeNull();
  });

  it('takes an installation’s longer minimum, never a shorter one', () => {
    expect(passwordProblem('Tiffin-Box-42', { minLength: 14 })).toBe('At least 14 characters');
    expect(passwordProblem('Tiffin-Box-4242', { minLength: 14 })).toBeNull();
    expect(passwordProblem('Tiffin-Box', { minLength: 6 })).toBe(null);
    expect(passwordProblem('Tiffin-Bo', { minLength: 6 })).toBe(`At least ${PASSWORD_MIN_LENGTH} characters`);
  });

  it('judges strength only once the estimator is installed (the web loads it lazily)', () => {
    expect(passwordStrengthReady()).toBe(true);
    expect(installPasswordStrength()).toBeUndefined(); // a second install keeps the first
    setPasswordEstimator(() => ({ score: 0, warning: null, personal: false }));
    expect(passwordProblem('Tiffin-Box-42')).toBe('This password is too easy to guess; add more words or characters');
    setPasswordEstimator(() => ({ score: 4, warning: null, personal: false }));
    expect(passwordProblem('Employee@1234')).toBeNull();
  });
});
