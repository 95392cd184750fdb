// The arrears a payslip's Arrears line holds, month by month: a revised salary's difference, or a loss-of-pay
// adjustment (leave or a correction that reached a month after it was paid, or days paid as planned that turned out
// otherwise) with the paid days it moves. Printed under the salary table only when the slip has such lines, so a
// payslip without arrears stays exactly as specified.
import { monthName } from '@hr/calendar';
import type { TEmployeeSalaryRecord } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import type { Content } from 'pdfmake/interfaces';
import { amountText, COLORS, GRID } from './common';

type Line = NonNullable<TEmployeeSalaryRecord['arrearsLines']>[number];

const daysText = (days: number) => `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'}`;

/** What a line is, as the payslip names it: "Loss-of-pay recovery for October 2026 (2 days)". */
export function arrearsLabel(line: Line): string {
  const [y, m] = line.month.split('-').map(Number);
  const month = `${monthName(m)} ${y}`;
  if (line.kind === 'lop') {
    const what = (line.days ?? line.amount) >= 0 ? 'Loss-of-pay reversal' : 'Loss-of-pay recovery';
    return `${what} for ${month}${line.days ? ` (${daysText(line.days)})` : ''}`;
  }
  if (line.kind === 'pf') return `PF arrears, employee share ${line.amount > 0 ? 'refunded' : 'recovered'}, for ${month}`;
  return `Arrears of revised salary for ${month}`;
}

/** The table of the slip's arrears lines, or null when it has none. */
export function arrearsTable(lines: readonly Line[] | null | undefined): Content | null {
  if (!lines?.length) return null;
  return {
    margin: [0, 6, 0, 0],
    layout: GRID,
    fontSize: 8,
    table: {
      widths: ['*', 80],
      body: [
        [
          { text: 'Arrears in this slip, by the month each belongs to', bold: true, color: COLORS.navy, fillColor: COLORS.band },
          { text: 'Amount', bold: true, alignment: 'right', color: COLORS.navy, fillColor: COLORS.band },
        ],
        ...lines.map((l) => [
          { text: arrearsLabel(l) },
          { text: amountText(toPaise(l.amount)), alignment: 'right' as const, noWrap: true },
        ]),
      ],
    },
  };
}
