// The password strength estimator: zxcvbn (@zxcvbn-ts) with its common-password, English word and name dictionaries
// and the words of this product's offices. A module of its own because the dictionaries are large: the server installs
// it at start, the web app imports it lazily (`import('@hr/contract/password-strength')`) where passwords are chosen.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { passwordStrengthReady, setPasswordEstimator } from './password';

/** Words an HR office reaches for first ("Employee@1234", "Payroll#2026"): as guessable as the commonest passwords. */
const OFFICE_WORDS = [
  'admin',
  'administrator',
  'employee',
  'employees',
  'payroll',
  'manager',
  'company',
  'office',
  'welcome',
  'india',
  'bharat',
  'staff',
  'user',
  'guest',
  'salary',
  'attendance',
  'password',
  'default',
  'changeme',
];

/** Installs zxcvbn as the estimator of `passwordProblem` (once; later calls do nothing). */
export function installPasswordStrength(): void {
  if (passwordStrengthReady()) return;
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, office: OFFICE_WORDS },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // The cost of zxcvbn's l33t matching grows steeply with length and symbols (a 32-character random string took
    // ~0.8 s by default): the first 32 characters are judged and at most 10 substitutions tried, ~0.1–0.4 s at worst.
    maxLength: 32,
    l33tMaxSubstitutions: 10,
  });
  setPasswordEstimator((password, userInputs) => {
    const result = zxcvbn.check(password, userInputs);
    return {
      score: result.score,
      warning: result.feedback.warning,
      personal: result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs'),
    };
  });
}
