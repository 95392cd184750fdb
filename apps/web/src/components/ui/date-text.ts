// The text of a date as people here write it, dd/mm/yyyy, and the ISO form the API takes (date-input.tsx).

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** '2026-04-09' → '09/04/2026'; anything else → ''. */
export function isoToDisplay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** '09/04/2026' → '2026-04-09' when it is a real day (31/02 is not), else null. */
export function displayToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/**
 * What is typed, shaped as dd/mm/yyyy: digits only, the slashes put in as one types ('0904' → '09/04'); a day or
 * month typed as one digit and a slash is padded ('9/4/2026' → '09/04/2026').
 */
export function maskDateText(raw: string): string {
  const parts = raw.split('/');
  let digits: string;
  if (parts.length > 1) {
    // Slashes typed by hand: pad the finished parts (all but the last) to two digits.
    digits = parts
      .map((p, i) => {
        const d = p.replace(/\D/g, '');
        return i < parts.length - 1 && i < 2 && d.length === 1 ? `0${d}` : d;
      })
      .join('');
  } else digits = raw.replace(/\D/g, '');
  digits = digits.slice(0, 8);
  if (digits.length <= 2) return digits.length === 2 && raw.endsWith('/') ? `${digits}/` : digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}${digits.length === 4 && raw.endsWith('/') ? '/' : ''}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
