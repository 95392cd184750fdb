// The ECR 2.0 member line as the EPFO unified portal's file format describes it (ECR 2.0 user manual, "text
// file format": eleven '#~#'-separated fields, whole rupees), with contributions from computePf.
import { describe, expect, it } from 'vitest';
import { inForce } from './dated';
import { buildEcr, EcrError, ecrLine, ecrNameProblem } from './ecr';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePf } from './pf';

const p = inForce(statutoryTables(STATUTORY_PARAMETERS).pf, '2025-06-01')!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('ECR 2.0', () => {
  const above = {
    uan: '100123456789',
    name: 'Priya  Sharma',
    grossWages: R(42000),
    pf: computePf(p, { pfWages: R(25000), restrictToCeiling: true, epsEligible: true }),
    ncpDays: 0,
  };
  const ineligible = {
    uan: '100987654321',
    name: 'Arjun Rao',
    grossWages: R(30499.5),
    pf: computePf(p, { pfWages: R(20000), restrictToCeiling: false, epsEligible: false }),
    ncpDays: 2,
    refundOfAdvances: R(1500),
  };

  it('writes a member line', () => {
    // Restricted to ₹15,000: EPF 1,800, EPS 1,250, difference 550.
    expect(ecrLine(above)).toBe('100123456789#~#Priya Sharma#~#42000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0');
    // Full wages and no EPS: EPS wages 0, the employer's whole 12 % in the difference; gross 30,499.50 → 30,500.
    expect(ecrLine(ineligible)).toBe('100987654321#~#Arjun Rao#~#30500#~#20000#~#0#~#15000#~#2400#~#0#~#2400#~#2#~#1500');
  });

  it('joins the lines of a month', () => {
    expect(buildEcr([above, ineligible]).split('\n')).toEqual([ecrLine(above), ecrLine(ineligible)]);
    expect(buildEcr([])).toBe('');
  });

  it('lists every row the portal would refuse', () => {
    const bad = [{ ...above, uan: '12345' }, { ...ineligible, name: ' ', ncpDays: 1.5 }, { ...above }];
    try {
      buildEcr(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EcrError);
      expect((e as EcrError).problems.map((x) => [x.row, x.field])).toEqual([
        [0, 'uan'],
        [1, 'name'],
        [1, 'ncpDays'],
      ]);
    }
    expect(() => buildEcr([above, { ...above }])).toThrow(/same UAN as row 1/);
  });

  it('checks members’ names against the characters EPFO accepts (letters, spaces, full stops; a letter first; 85 at most)', () => {
    expect(ecrNameProblem('K. S.  Ramesh')).toBeNull();
    expect(ecrNameProblem("Mary D'Souza")).toContain("(''')");
    expect(ecrNameProblem('Ravi Kumar-Singh')).toMatch(/'-'/);
    expect(ecrNameProblem('Ananya (Trainee)')).toMatch(/'\(' '\)'/);
    expect(ecrNameProblem('Priya Sharma 2')).toMatch(/'2'/);
    expect(ecrNameProblem('Zoë Müller')).toMatch(/'ë' 'ü'/);
    expect(ecrNameProblem('.Ravi')).toMatch(/begin with a letter/);
    expect(ecrNameProblem('A'.repeat(86))).toMatch(/longer than 85/);
    expect(ecrNameProblem('A'.repeat(85))).toBeNull();
    expect(ecrNameProblem('Sita#~#Devi')).toMatch(/'#' '~'/);
    // Every member to fix is listed, none written.
    const rows = [{ ...above, name: "Mary D'Souza" }, { ...ineligible }, { ...ineligible, uan: '100987654322', name: 'R@vi' }];
    try {
      buildEcr(rows);
      expect.unreachable();
    } catch (e) {
      expect((e as EcrError).problems.map((x) => [x.row, x.field])).toEqual([
        [0, 'name'],
        [2, 'name'],
      ]);
    }
  });
});
