// The seed locks the two months before this one and opens this one as a draft: the payroll tests follow the
// calendar from the seeded draft run, whatever today is.
import type { api } from '../helpers';

export interface Month {
  year: number;
  month: number;
  /** 'YYYY-MM' */
  ym: string;
}

export function addMonth(m: { year: number; month: number }, n: number): Month {
  const t = m.year * 12 + m.month - 1 + n;
  const year = Math.floor(t / 12);
  const month = (t % 12) + 1;
  return { year, month, ym: `${year}-${String(month).padStart(2, '0')}` };
}

/** Two months back (locked), last month (locked), this month (draft), and the two after. */
export async function seededMonths(client: ReturnType<typeof api>) {
  const [draft] = (await client.get('/api/payroll/runs?status=draft')).json().rows as { year: number; month: number }[];
  return {
    prev2: addMonth(draft, -2),
    prev1: addMonth(draft, -1),
    cur: addMonth(draft, 0),
    next: addMonth(draft, 1),
    after: addMonth(draft, 2),
  };
}
