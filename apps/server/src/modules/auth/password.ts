import { passwordProblem } from '@hr/contract';
import { installPasswordStrength } from '@hr/contract/password-strength';
import { hash, verify } from '@node-rs/argon2';
import { appContext } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { organisation } from '../../db/schema';

// zxcvbn and its dictionaries judge every new password of this process (request schemas' ZNewPassword too).
installPasswordStrength();

/**
 * What is wrong with a new password under the installation's policy (PASSWORD_MIN_LENGTH, from the application
 * context: lib/app-context.ts), or null. Every place that sets a
 * password (the user master, an employee's sign-in account, a change of one's own) asks this, after the request
 * schema's own check: the account's login and full name and the organisation's name make a password weak.
 */
export async function newPasswordProblem(
  db: Db | Tx,
  password: string,
  who: { userName?: string | null; fullName?: string | null },
): Promise<string | null> {
  const [org] = await db.select({ name: organisation.name }).from(organisation).orderBy(organisation.id).limit(1);
  return passwordProblem(password, { ...who, organisation: org?.name, minLength: appContext().passwordMinLength });
}

// @node-rs/argon2 defaults: argon2id, m=19456 KiB, t=2, p=1 (the OWASP recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash; with no hash (unknown user) it verifies against a dummy
 * hash instead, so both cases take about the same time and always fail.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hash('dummy password that never matches a real account');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
