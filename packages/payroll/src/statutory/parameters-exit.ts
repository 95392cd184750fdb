// Dated figures of the exit settlement as statutory parameter rows (issue 25: law as data): the gratuity ceiling and
// the income-tax exemption of gratuity (kind 'gratuity'), and the income-tax exemption limit of leave encashment at
// retirement or otherwise (kind 'leave_encashment'). They ship with the release into statutory_parameters like every
// other kind (STATUTORY_PARAMETERS, parameters.ts), each with its notification; an employer adds a row on the
// statutory parameters screen when the law moves, and the settlement reads the rows in force on the last working day
// (`exitParametersFrom`, from the table's rows). Amounts are rupees as the notifications print them.
import { type Dated, inForce } from './dated';

export interface GratuityParameters extends Dated {
  /** The most gratuity payable (Payment of Gratuity Act s.4(3); Code on Social Security 2020 s.53(3)). */
  ceiling: number;
  /** Gratuity exempt from income tax for a non-government employee (1961 Act s.10(10)(iii); 2025 Act s.19(1) Table sl. 6). */
  taxExemption: number;
}

export interface LeaveEncashmentParameters extends Dated {
  /** Leave encashment at retirement or otherwise exempt from income tax, non-government (s.10(10AA)(ii); 2025 Act s.19). */
  taxExemption: number;
}

type Cited = { notification: string; notificationDate: string; sourceUrl?: string };
type GratuityRow = {
  kind: 'gratuity';
  stateCode: null;
  effectiveFrom: string;
  source: string;
  data: Omit<GratuityParameters, 'effectiveFrom'>;
} & Cited;
type LeaveEncashmentRow = {
  kind: 'leave_encashment';
  stateCode: null;
  effectiveFrom: string;
  source: string;
  data: Omit<LeaveEncashmentParameters, 'effectiveFrom'>;
} & Cited;

const ACT_2025 =
  'From the tax year 2026-27 the Income-tax Act, 2025 (in force 1 Apr 2026) carries the exemption in section 19(1), Table; ' +
  'limits notified under the 1961 Act continue under its repeal and savings provision until superseded.';

export const GRATUITY_ROWS: GratuityRow[] = [
  {
    kind: 'gratuity',
    stateCode: null,
    effectiveFrom: '2018-03-29',
    notification: 'S.O. 1419(E)',
    notificationDate: '2018-03-29',
    source:
      'Gratuity ceiling ₹20,00,000: S.O. 1419(E) of 29 Mar 2018 under s.4(3) of the Payment of Gratuity Act 1972 (in force the ' +
      'same day); income-tax exemption of gratuity s.10(10)(iii) ₹20,00,000 for employees retiring on or after 29 Mar 2018 ' +
      '(CBDT Notification 16/2019, S.O. 1213(E) of 8 Mar 2019).',
    data: { ceiling: 2000000, taxExemption: 2000000 },
  },
  {
    kind: 'gratuity',
    stateCode: null,
    effectiveFrom: '2025-11-21',
    notification: 'S.O. 5319(E)',
    notificationDate: '2025-11-21',
    source:
      'Code on Social Security 2020 in force from 21 Nov 2025 (S.O. 5319(E)): gratuity under s.53 (15 days’ wages per completed ' +
      'year, a part over six months a year, wages of 26 days a month; five years’ continuous service, one year for a fixed-term ' +
      'employee, none on death or disablement), at most ₹20,00,000 (s.53(3)); the income-tax exemption as before.',
    data: { ceiling: 2000000, taxExemption: 2000000 },
  },
  {
    kind: 'gratuity',
    stateCode: null,
    effectiveFrom: '2026-04-01',
    notification: 'Income-tax Act, 2025, s.19(1) Table sl. 6',
    notificationDate: '2025-08-21',
    source: `Gratuity exempt from income tax: the least of the gratuity, the amount notified (₹20,00,000) and half a month’s average salary per completed year. ${ACT_2025}`,
    data: { ceiling: 2000000, taxExemption: 2000000 },
  },
];

export const LEAVE_ENCASHMENT_ROWS: LeaveEncashmentRow[] = [
  {
    kind: 'leave_encashment',
    stateCode: null,
    effectiveFrom: '1998-04-01',
    notification: 'S.O. 588(E)',
    notificationDate: '2002-05-31',
    source:
      'Leave encashment exempt u/s 10(10AA)(ii) up to ₹3,00,000 for employees retiring on or after 1 Apr 1998 (Notification ' +
      'S.O. 588(E) of 31 May 2002).',
    data: { taxExemption: 300000 },
  },
  {
    kind: 'leave_encashment',
    stateCode: null,
    effectiveFrom: '2023-04-01',
    notification: 'CBDT Notification 31/2023, S.O. 2276(E)',
    notificationDate: '2023-05-24',
    source:
      'Leave encashment s.10(10AA)(ii) raised to ₹25,00,000 for non-government employees retiring on or after 1 Apr 2023, in ' +
      'aggregate over all employers and years (CBDT Notification 31/2023, S.O. 2276(E) of 24 May 2023).',
    data: { taxExemption: 2500000 },
  },
  {
    kind: 'leave_encashment',
    stateCode: null,
    effectiveFrom: '2026-04-01',
    notification: 'Income-tax Act, 2025, s.19(1) Table',
    notificationDate: '2025-08-21',
    source: `Cash equivalent of leave salary at retirement, non-government employee: ₹25,00,000 as notified. ${ACT_2025}`,
    data: { taxExemption: 2500000 },
  },
];

/** The exit figures in force on a day, as the settlement reads them (rupees). */
export interface ExitParameters extends Dated {
  gratuityCeiling: number;
  gratuityTaxExemption: number;
  leaveEncashmentTaxExemption: number;
  source: string;
}

type Sourced<T> = T & { source?: string };

/** The exit figures in force on `on` from lists of dated rows (the table's, or the release's); RangeError when none. */
export function exitParametersFrom(
  gratuityRows: readonly Sourced<GratuityParameters>[],
  leaveRows: readonly Sourced<LeaveEncashmentParameters>[],
  on: string,
): ExitParameters {
  const g = inForce(gratuityRows, on);
  const l = inForce(leaveRows, on);
  if (!g || !l) throw new RangeError(`No ${g ? 'leave-encashment' : 'gratuity'} parameters are in force on ${on}`);
  return {
    effectiveFrom: g.effectiveFrom > l.effectiveFrom ? g.effectiveFrom : l.effectiveFrom,
    gratuityCeiling: g.ceiling,
    gratuityTaxExemption: g.taxExemption,
    leaveEncashmentTaxExemption: l.taxExemption,
    source: [g.source, l.source].filter(Boolean).join(' '),
  };
}

const releaseRows = <T>(rows: readonly { effectiveFrom: string; source: string; data: T }[]) =>
  rows.map((r) => ({ ...r.data, effectiveFrom: r.effectiveFrom, source: r.source }));

/** The exit parameters of this release in force on a day ('YYYY-MM-DD'); a settlement reads the table's rows instead. */
export function exitParametersOn(on: string): ExitParameters {
  return exitParametersFrom(releaseRows(GRATUITY_ROWS), releaseRows(LEAVE_ENCASHMENT_ROWS), on);
}
