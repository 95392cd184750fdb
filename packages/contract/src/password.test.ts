import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem, ZNewPassword } from './password';

describe('password policy', () => {
  it.each([
    ['password', `At least ${PASSWORD_MIN_LENGTH} characters`],
    ['12345678', `At least ${PASSWORD_MIN_LENGTH} characters`],
    ['        ', 'The password cannot be blank'],
    ['            ', 'The password cannot be blank'],
    ['aaaaaaaaaaaa', 'Use more different characters'],
    ['Password@123', 'This password is too common; choose another'],
    ['WELCOME@123', 'This password is too common; choose another'],
    ['1234567890ab', 'Avoid simple sequences'],
    ['Qwertyuiop!!', 'Avoid simple sequences'],
  ])('refuses %j', (pw, problem) => {
    expect(passwordProblem(pw)).toBe(problem);
    expect(ZNewPassword.safeParse(pw).success).toBe(false);
  });

  it.each(['Meera#Payroll26', 'correct horse battery', 'Tiffin-Box-42'])('accepts %j', (pw) => {
    expect(passwordProblem(pw)).toBeNull();
    expect(ZNewPassword.parse(pw)).toBe(pw);
  });

  it('refuses a password that holds the user name', () => {
    expect(passwordProblem('ravi.kumar2026', 'Ravi.Kumar')).toBe('Do not use the user name in the password');
    expect(passwordProblem('ravi.kumar2026', 'meera')).toBeNull();
  });

  it('takes an installation’s longer minimum, never a shorter one', () => {
    expect(passwordProblem('Tiffin-Box-42', undefined, 14)).toBe('At least 14 characters');
    expect(passwordProblem('Tiffin-Box-4242', undefined, 14)).toBeNull();
    expect(passwordProblem('Tiffin-Box', undefined, 6)).toBe(null);
    expect(passwordProblem('Tiffin-Bo', undefined, 6)).toBe(`At least ${PASSWORD_MIN_LENGTH} characters`);
  });
});
