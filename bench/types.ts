/** One measured figure of `npm run bench`, compared with its budget from PERFORMANCE.md. */
export interface BenchResult {
  /** Short name, e.g. 'payslip: 1,000 in one PDF (Node)'. */
  name: string;
  value: number;
  unit: 'ms' | 's' | 'MB' | 'KB' | 'ops/s' | 'count' | '%';
  /** The budget: value must be <= budget (or >= for ops/s). Omit when only recorded. */
  budget?: number;
  note?: string;
}

/** A bench file `bench/<area>.bench.ts` default-exports one of these. */
export type Bench = () => Promise<BenchResult[]>;
