// Which rules the statutory registers of wages follow, as dated data (issue 25; kind 'labour_registers'): the Ease of
// Compliance to Maintain Registers under various Labour Laws Rules, 2017 (Form B wage register, Form C loans and
// recoveries) until the Code on Wages (Central) Rules, 2026 superseded them for the wage laws. A month follows the row
// in force on its first day (`registerFormsForMonth`), so the month in which new rules take effect keeps the old forms
// and the months after it follow the new ones. The registers (apps/server modules/reports/registers) name the form
// and the rules from here.
import { type Dated, inForce, monthStart } from './dated';

export interface LabourRegisterForms extends Dated {
  /** The rules the registers follow. */
  rules: string;
  /** What each register is called under those rules. */
  forms: { wages: string; loans: string };
}

type Row = {
  kind: 'labour_registers';
  stateCode: null;
  effectiveFrom: string;
  source: string;
  notification: string;
  notificationDate: string;
  data: Omit<LabourRegisterForms, 'effectiveFrom'>;
};

export const LABOUR_REGISTER_ROWS: Row[] = [
  {
    kind: 'labour_registers',
    stateCode: null,
    effectiveFrom: '2017-02-21',
    notification: 'G.S.R. 154(E)',
    notificationDate: '2017-02-21',
    source:
      'Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017 (MoLE G.S.R. 154(E) of 21 Feb 2017, in force ' +
      'the same day): combined registers Form A (employees), Form B (wages), Form C (loans / recoveries), Form D (attendance), ' +
      'Form E (rest / leave), in place of the registers of the Minimum Wages, Payment of Wages and Equal Remuneration Acts among others.',
    data: {
      rules: 'Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017',
      forms: { wages: 'Form B — Wage Register', loans: 'Form C — Register of Loans / Recoveries' },
    },
  },
  {
    kind: 'labour_registers',
    stateCode: null,
    effectiveFrom: '2026-05-08',
    notification: 'G.S.R. 343(E)',
    notificationDate: '2026-05-08',
    source:
      'Code on Wages (Central) Rules, 2026 (MoLE G.S.R. 343(E) of 8 May 2026, in force on publication) under s.67 of the Code on ' +
      'Wages, 2019, superseding the Payment of Wages (Procedure) Rules 1937, the Minimum Wages (Central) Rules 1950, the Payment of ' +
      'Bonus Rules 1975, the Equal Remuneration Rules 1976 and the 2017 Ease of Compliance Rules as far as made under those Acts: ' +
      'the register of wages and of deductions and advances is kept under s.50 of the Code in the form of these rules.',
    data: {
      rules: 'Code on Wages (Central) Rules, 2026',
      forms: {
        wages: 'Register of Wages (Code on Wages, 2019, s.50)',
        loans: 'Register of Advances and Deductions (Code on Wages, 2019, ss.18 and 50)',
      },
    },
  },
];

/** The register forms a wage month follows: the row in force on the month's first day (undefined before any row). */
export function registerFormsForMonth(rows: readonly LabourRegisterForms[], year: number, month: number): LabourRegisterForms | undefined {
  return inForce(rows, monthStart(year, month));
}
