import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZStatutoryParameterRow } from './statutory';
import { zLine, zLines } from './text';

// Keeping the law current (issue 25): the administrator's view of the dated statutory parameters — the rows in
// force on a day, their history, where each came from (a release, or the employer) and its notification — and
// the payloads to add or change a row. The figures of a row (`data`) are checked by the shape of its kind in
// ZStatutoryParameterRow (statutory.ts) and by `bandProblems` below, which explains overlapping or missing bands.

/** Each kind of parameter row the rules read, and whether a row of it belongs to a state (PT, LWF). */
export const STATUTORY_PARAMETER_KINDS: readonly { kind: string; perState: boolean }[] = ZStatutoryParameterRow.options.flatMap((o) => {
  const k = o.shape.kind as unknown as { options?: readonly string[]; values?: Set<string> };
  const kinds = k.options ?? [...(k.values ?? [])];
  const perState = !(o.shape.stateCode instanceof z.ZodNull);
  return kinds.map((kind) => ({ kind, perState }));
});
const KIND_NAMES = STATUTORY_PARAMETER_KINDS.map((k) => k.kind) as [string, ...string[]];

/** What the screen calls each kind (a kind not listed shows as its code). */
export const STATUTORY_KIND_LABELS: Record<string, string> = {
  pf: 'Provident fund (EPF, EPS, EDLI)',
  esi: 'Employees’ State Insurance',
  pt: 'Professional tax',
  lwf: 'Labour welfare fund',
  income_tax_new: 'Income tax — new regime',
  income_tax_old: 'Income tax — old regime',
  code_wages: 'Wages under the Labour Codes',
  gratuity: 'Gratuity — ceiling and tax exemption',
  leave_encashment: 'Leave encashment — tax exemption',
  labour_registers: 'Registers of wages — forms in force',
};

export const ZStatutoryKind = z.enum(KIND_NAMES, { error: 'Not a kind of statutory parameter' });

export const STATUTORY_ORIGINS = ['release', 'employer'] as const;
export type TStatutoryOrigin = (typeof STATUTORY_ORIGINS)[number];

const ZDay = ZIsoDate('A date like 2026-04-01');
const ZStateCode = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .transform((s) => s.toUpperCase());

export const ZStatutoryParametersQuery = z
  .object({
    kind: ZStatutoryKind.optional(),
    /** The state's code (PT, LWF); other kinds ignore it. */
    state: ZStateCode.optional(),
    /** The day whose rows in force are wanted (default: today). */
    on: ZDay.optional(),
  })
  .strict();
export type TStatutoryParametersQuery = z.input<typeof ZStatutoryParametersQuery>;

/** The notification behind a row, as the employer enters it (the release's rows may carry only `source`). */
const sourceFields = {
  /** The notification's number or title, e.g. 'S.O. 5109(E)' or 'Kerala notification 1149/2024/LSGD'. */
  notification: zLine().min(1, 'Enter the notification’s number or title').max(300),
  notificationDate: ZDay,
  /** Where the notification can be read (the gazette, the authority's site). */
  sourceUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'A web address starting with http:// or https://' }).max(1000)])
    .optional()
    .transform((v) => v || null),
  /** What the row changes and under which Act (default: the notification). */
  source: zLines().max(2000).optional(),
};

/** An employer's new row: its kind, state (PT and LWF), the day it takes effect, the figures and the notification. */
export const ZStatutoryParameterInput = z
  .object({
    kind: ZStatutoryKind,
    stateCode: ZStateCode.nullable().optional(),
    effectiveFrom: ZDay,
    data: z.record(z.string(), z.unknown()),
    ...sourceFields,
  })
  .strict();
export type TStatutoryParameterInput = z.input<typeof ZStatutoryParameterInput>;

/** A change to an employer's row no approved or locked month used (kind and state stay). */
export const ZStatutoryParameterUpdate = z
  .object({ effectiveFrom: ZDay, data: z.record(z.string(), z.unknown()), ...sourceFields })
  .strict();
export type TStatutoryParameterUpdate = z.input<typeof ZStatutoryParameterUpdate>;

export const ZStatutoryParameter = z.object({
  id: z.number(),
  kind: z.string(),
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  effectiveFrom: z.string(),
  /** The day before the next active row of the same kind and state takes effect (null: still in force). */
  effectiveTo: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  source: z.string(),
  notification: z.string().nullable(),
  notificationDate: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  origin: z.enum(STATUTORY_ORIGINS),
  isActive: z.boolean(),
  /** In force on the list's day. */
  inForce: z.boolean(),
  /** The approved or locked salary months whose days fall in the row's period (null: none; then it may change). */
  usedBy: z.object({ runs: z.number(), firstMonth: z.string(), lastMonth: z.string() }).nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type TStatutoryParameter = z.infer<typeof ZStatutoryParameter>;

export const ZStatutoryParameterList = z.object({
  on: z.string(),
  /** The active row in force on `on` for each kind and state listed. */
  inForce: z.array(ZStatutoryParameter),
  /** Every row of the kinds and states listed, newest first within each, deactivated ones included. */
  history: z.array(ZStatutoryParameter),
  /** The states a PT or LWF row may name. */
  states: z.array(z.object({ code: z.string(), name: z.string() })),
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), perState: z.boolean() })),
});
export type TStatutoryParameterList = z.infer<typeof ZStatutoryParameterList>;

// ------------------------------------------------------------------------------------------------ bands

const rupees = (n: number): string =>
  `₹${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The first figure of the band after one ending at `prev` (₹7,500 → ₹7,501; ₹24,999.99 → ₹25,000). */
export function bandStartAfter(prev: number | null): number {
  if (prev === null) return 0;
  return Number.isInteger(prev) ? prev + 1 : Math.round((prev + 0.01) * 100) / 100;
}

/** A band as a reader writes it: '₹15,001–₹20,000', '₹25,000 and above'. */
export function bandText(from: number, upTo: number | null): string {
  return upTo === null ? `${rupees(from)} and above` : `${rupees(from)}–${rupees(upTo)}`;
}

/** The lists of bands a row's figures may hold (PT slabs, LWF bands, income-tax slabs). */
const BAND_LISTS = ['slabs', 'femaleSlabs', 'bands'] as const;

type Band = { from?: unknown; upTo?: unknown };
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * What is wrong with the bands of a row's figures, by field path (`data.slabs.2.from`): bands must follow one
 * another, each beginning where the one before ends (a `from` given with a band is checked against it), and the
 * last must be open-ended, so every wage or income falls in exactly one band. Surcharge thresholds must rise.
 * Empty when all is well. Figures of the wrong type are left to the kind's schema.
 */
export function bandProblems(data: Record<string, unknown>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    problems[path] = [...(problems[path] ?? []), message];
  };
  for (const list of BAND_LISTS) {
    const bands = data[list];
    if (!Array.isArray(bands) || bands.length === 0) continue;
    let prevUpTo: number | null = null;
    let prevFrom = 0;
    bands.forEach((raw: Band, i) => {
      const at = `data.${list}.${i}`;
      const upTo = raw?.upTo === null ? null : num(raw?.upTo);
      if (upTo === null && raw?.upTo !== null) return;
      const start = bandStartAfter(prevUpTo);
      const from = raw?.from === undefined || raw?.from === null ? start : num(raw.from);
      if (from === null) return;
      const here = bandText(from, upTo);
      const before = i === 0 ? '' : bandText(prevFrom, prevUpTo);
      if (i > 0 && prevUpTo === null) {
        add(`${at}.upTo`, `Band ${here} overlaps ${before}: only the last band may be open-ended`);
      } else if (upTo !== null && upTo < from) {
        add(`${at}.upTo`, `Band ${here} ends before it begins${i > 0 ? ` (the band before ends at ${rupees(prevUpTo as number)})` : ''}`);
      } else if (i > 0 && from <= (prevUpTo as number)) {
        add(`${at}.from`, `Band ${here} overlaps ${before}`);
      } else if (from > (i === 0 ? 1 : start)) {
        const gapEnd = Number.isInteger(from) && Number.isInteger(start) ? from - 1 : Math.round((from - 0.01) * 100) / 100;
        const fix = i === 0 ? 'the first band must begin at ₹0' : `band ${here} must begin where ${before} ends`;
        add(`${at}.from`, `${bandText(start, gapEnd)} falls in no band: ${fix}`);
      }
      if (i === bands.length - 1 && upTo !== null) {
        add(`${at}.upTo`, `Above ${rupees(upTo)} falls in no band: leave the last band’s upper limit empty (open-ended)`);
      }
      prevUpTo = upTo;
      prevFrom = from;
    });
  }
  const surcharge = data.surcharge;
  if (Array.isArray(surcharge)) {
    surcharge.forEach((s: { above?: unknown }, i) => {
      const above = num(s?.above);
      const prev = i > 0 ? num((surcharge[i - 1] as { above?: unknown })?.above) : null;
      if (above !== null && prev !== null && above <= prev) {
        add(
          `data.surcharge.${i}.above`,
          `Surcharge above ${rupees(above)} overlaps the one above ${rupees(prev)}: list them in rising order`,
        );
      }
    });
  }
  return problems;
}

/** The figures as stored: each band's `from` (a reading aid) left out. */
export function withoutBandStarts(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const list of BAND_LISTS) {
    const bands = out[list];
    if (Array.isArray(bands)) out[list] = bands.map((b) => (b && typeof b === 'object' ? (({ from: _f, ...rest }) => rest)(b as Band) : b));
  }
  return out;
}
