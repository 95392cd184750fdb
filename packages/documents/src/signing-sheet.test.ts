import type { TEmployeeSalaryRecord } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from './samples';
import { buildSigningSheetDoc, signingSheetUnits } from './signing-sheet';

describe('signing sheet rows', () => {
  it('groups by unit in order, numbers within the unit, and fills OT, TL and Pay Mode', () => {
    const units = signingSheetUnits([SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA]);
    expect(units.map((u) => u.unitName)).toEqual(['Head Office', 'Branch, Chennai (South)']);
    expect(units[0].rows).toEqual([
      { sl: 1, name: 'Ananya Raghavan', designation: 'Senior Accountant', ot: '1,234.56', tl: '1,250.00', payMode: 'Bank' },
      { sl: 2, name: 'Meera Iyer', designation: 'Office Assistant', ot: '-', tl: '-', payMode: 'Cash' },
    ]);
    expect(units[1].rows).toEqual([{ sl: 1, name: 'Karthik Subramanian', designation: 'Lab Assistant', ot: '-', tl: '-', payMode: '-' }]);
  });

  it.each([
    [{ payModeName: undefined }, '-'],
    [{ payModeName: '' }, '-'],
    [{ payModeName: 'Cheque' }, 'Cheque'],
  ] as const)('pay mode %j → %s', (extra, expected) => {
    expect(signingSheetUnits([{ ...SAMPLE_RECORD_MEERA, ...extra } as TEmployeeSalaryRecord])[0].rows[0].payMode).toBe(expected);
  });

  it('prints today in the organisation time zone and one table per unit', () => {
    const doc = buildSigningSheetDoc([SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK], { now: new Date('2026-04-30T19:00:00Z') });
    expect(JSON.stringify(doc.content)).toContain('Report Gen. Date : 01/05/2026');
    expect(doc.content).toHaveLength(2);
    expect(doc.info?.title).toBe('Salary_Signing_Sheet_HeadOfficeBranchChennai(South)_April_2026.pdf');
  });
});
