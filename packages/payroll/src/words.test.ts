import { describe, expect, it } from 'vitest';
import { toPaise } from './money';
import { amountInWords } from './words';

describe('amountInWords (Indian system)', () => {
  it.each([
    ['0', 'Zero Rupees Only'],
    ['1', 'One Rupee Only'],
    ['5', 'Five Rupees Only'],
    ['15', 'Fifteen Rupees Only'],
    ['20', 'Twenty Rupees Only'],
    ['45', 'Forty Five Rupees Only'],
    ['100', 'One Hundred Rupees Only'],
    ['105', 'One Hundred Five Rupees Only'],
    ['1000', 'One Thousand Rupees Only'],
    ['1010', 'One Thousand Ten Rupees Only'],
    ['15000', 'Fifteen Thousand Rupees Only'],
    ['100000', 'One Lakh Rupees Only'],
    ['150000', 'One Lakh Fifty Thousand Rupees Only'],
    ['1234567.89', 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Rupees and Eighty Nine Paise Only'],
    ['10000000', 'One Crore Rupees Only'],
    ['999999999', 'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Rupees Only'],
    ['1000000000', 'One Hundred Crore Rupees Only'],
    // beyond 99 crore the number of crores is itself read in the Indian system
    ['123456789012', 'Twelve Thousand Three Hundred Forty Five Crore Sixty Seven Lakh Eighty Nine Thousand Twelve Rupees Only'],
    ['1234567000000000', 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Crore Rupees Only'],
    ['0.5', 'Zero Rupees and Fifty Paise Only'],
    ['0.01', 'Zero Rupees and One Paisa Only'],
    ['2.07', 'Two Rupees and Seven Paise Only'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(toPaise(amount))).toBe(words);
  });

  it('refuses a negative amount with a clear error', () => {
    expect(() => amountInWords(-1n)).toThrow(/zero or a positive amount/);
  });
});
