// Dated figures of the exit settlement (gratuity ceiling, the leave-encashment and gratuity tax exemptions), kept
// beside STATUTORY_PARAMETERS (parameters.ts) as data with its source: a change of law adds a row with its date.
// They are read by date with `inForce` (dated.ts); amounts are rupees as the notifications print them.
import { type Dated, inForce } from './dated';

export interface ExitParameters extends Dated {
  /** The most gratuity payable (Payment of Gratuity Act s.4(3); Code on Social Security 2020 s.53(3)). */
  gratuityCeiling: number;
  /** Gratuity exempt from income tax for a non-government employee (s.10(10)(iii)). */
  gratuityTaxExemption: number;
  /** Leave encashment at retirement or otherwise exempt from income tax (s.10(10AA)(ii)). */
  leaveEncashmentTaxExemption: number;
  source: string;
}

export const EXIT_PARAMETERS: readonly ExitParameters[] = [
  {
    effectiveFrom: '2018-03-29',
    gratuityCeiling: 2000000,
    gratuityTaxExemption: 2000000,
    leaveEncashmentTaxExemption: 300000,
    source:
      'Gratuity ceiling ₹20,00,000: S.O. 1419(E) of 29 Mar 2018 under s.4(3) of the Payment of Gratuity Act 1972 (in force the ' +
      'same day); income-tax exemption of gratuity s.10(10)(iii) ₹20,00,000 (Notification 16/2019, S.O. 1213(E) of 8 Mar 2019); ' +
      'leave encashment s.10(10AA)(ii) ₹3,00,000 (Notification S.O. 588(E) of 31 May 2002).',
  },
  {
    effectiveFrom: '2023-04-01',
    gratuityCeiling: 2000000,
    gratuityTaxExemption: 2000000,
    leaveEncashmentTaxExemption: 2500000,
    source:
      'Leave encashment s.10(10AA)(ii) raised to ₹25,00,000: CBDT Notification 31/2023, S.O. 2276(E) of 24 May 2023, in force ' +
      'from 1 Apr 2023; gratuity as before.',
  },
  {
    effectiveFrom: '2025-11-21',
    gratuityCeiling: 2000000,
    gratuityTaxExemption: 2000000,
    leaveEncashmentTaxExemption: 2500000,
    source:
      'Code on Social Security 2020 in force from 21 Nov 2025: gratuity under s.53 (15 days wages per completed year, a part ' +
      'over six months a year, wages of 26 days a month; five years continuous service, one year for a fixed-term employee, ' +
      'none on death or disablement), ceiling ₹20,00,000 as notified under s.53(3); wages as s.2(88) (basic + DA + retaining ' +
      'allowance, the excluded payments above half the remuneration added back). Tax exemptions as before (Income-tax Act ' +
      '1961 s.10(10), 10(10AA); from 1 Apr 2026 the Income-tax Act 2025 carries them over with the same limits).',
  },
];

/** The exit parameters in force on a day ('YYYY-MM-DD'). */
export function exitParametersOn(on: string, rows: readonly ExitParameters[] = EXIT_PARAMETERS): ExitParameters {
  const row = inForce(rows, on);
  if (!row) throw new RangeError(`No exit parameters are in force on ${on}`);
  return row;
}
