import type { Paise } from './money';

// Amount in words, Indian system: Hundred, Thousand, Lakh, Crore. Beyond 99 crore the count of
// crores is itself read in the Indian system ('Twelve Thousand Three Hundred Forty Five Crore …').
// Wording used on every document: '{rupees} Rupees and {paise} Paise Only', 'One Rupee', 'One Paisa',
// 'Zero Rupees Only'; no 'and' inside the rupee figure (the way Indian cheques and vouchers write it).

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]} ${ONES[unit]}` : TENS[Math.floor(n / 10)];
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Words of a whole number ≥ 1 in the Indian system; '' for 0. */
export function integerInWordsIndian(n: bigint): string {
  if (n < 0n) throw new RangeError('Negative numbers have no words here');
  if (n === 0n) return '';
  const crores = n / 10_000_000n;
  const rest = Number(n % 10_000_000n);
  const lakhs = Math.floor(rest / 100_000);
  const thousands = Math.floor((rest % 100_000) / 1000);
  const below = rest % 1000;
  return [
    crores ? `${integerInWordsIndian(crores)} Crore` : '',
    lakhs ? `${belowHundred(lakhs)} Lakh` : '',
    thousands ? `${belowHundred(thousands)} Thousand` : '',
    below ? belowThousand(below) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** 123456789 paise → 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Rupees and Eighty Nine Paise Only'. */
export function amountInWords(value: Paise): string {
  if (value < 0n) {
    throw new RangeError(`Amount in words needs zero or a positive amount, got ${value} paise`);
  }
  const rupees = value / 100n;
  const paise = value % 100n;
  const rupeeText = rupees === 0n ? 'Zero Rupees' : `${integerInWordsIndian(rupees)} ${rupees === 1n ? 'Rupee' : 'Rupees'}`;
  if (paise === 0n) return `${rupeeText} Only`;
  return `${rupeeText} and ${integerInWordsIndian(paise)} ${paise === 1n ? 'Paisa' : 'Paise'} Only`;
}
