// Arrears after a revision of the salary structure: for each past month, what the new structure makes due
// minus what was paid, over the earning heads.

export interface ArrearsMonth {
  year: number;
  month: number;
  /** Head id → paise paid that month. */
  paidNetOrHeads: Map<number, number>;
  /** Head id → paise recomputed with the new structure. */
  dueHeads: Map<number, number>;
}

export interface ArrearsLine {
  year: number;
  month: number;
  /** Sum over the earning head ids given of (due − paid); may be negative. A head missing from a map counts as 0. */
  differencePaise: number;
}

/** One line per month, in the order given, and their total. */
export function arrearsOf(months: ArrearsMonth[], earningHeadIds: Set<number>): { lines: ArrearsLine[]; totalPaise: number } {
  const lines: ArrearsLine[] = [];
  let totalPaise = 0;
  for (const m of months) {
    let differencePaise = 0;
    for (const id of earningHeadIds) differencePaise += (m.dueHeads.get(id) ?? 0) - (m.paidNetOrHeads.get(id) ?? 0);
    lines.push({ year: m.year, month: m.month, differencePaise });
    totalPaise += differencePaise;
  }
  return { lines, totalPaise };
}
