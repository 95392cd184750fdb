import { describe, expect, it } from 'vitest';
import { payslipFileName, signingSheetFileName, unitsForFileName } from './filenames';

const r = (unitName: string, month = 4, year = 2026) => ({ unitName, month, year });

describe('file names', () => {
  it.each([
    [['Head Office'], 'HeadOffice'],
    [['Head Office', 'Head Office'], 'HeadOffice'],
    [['Head Office', 'Branch, Chennai (South)'], 'HeadOfficeBranchChennai(South)'],
    [['Unit-1 / A&B', 'Unit_2 #3'], 'Unit1ABUnit23'],
    [['[Campus] {North}', 'Café Ünit'], 'CampusNorthCafnit'],
    [['B', 'A', 'B'], 'BA'],
  ])('%j → %s', (units, expected) => {
    expect(unitsForFileName(units.map((u) => r(u)))).toBe(expected);
  });

  it('takes month and year from the first record', () => {
    expect(payslipFileName([r('Head Office', 4, 2026), r('Branch (S)', 5, 2025)])).toBe('Pay_Slip_HeadOfficeBranch(S)_April_2026.pdf');
    expect(signingSheetFileName([r('Head Office', 12, 2025)])).toBe('Salary_Signing_Sheet_HeadOffice_December_2025.pdf');
  });

  it('refuses an empty batch', () => {
    expect(() => payslipFileName([])).toThrow(/at least one/);
  });
});
