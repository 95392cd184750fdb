// PF arrears when the ceiling of ₹25,000 from 17 Sep 2026 (S.O. 5109(E)) reaches months already locked under
// ₹15,000: September (day-weighted, ₹2,360) and October (₹3,000) less what their slips carried, the
// administration charges on the new EPF wages, and the arrear ECR lines.
import { describe, expect, it } from 'vitest';
import { ecrLine } from './ecr';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePf } from './pf';
import { arrearEcrMember, pfAdminChargesArrear, pfArrear } from './pf-arrears';
import { pfParametersForMonth } from './pf-month';

const rows = statutoryTables(STATUTORY_PARAMETERS).pf;
const old = rows.find((r) => r.wageCeiling === 15000)!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

/** A slip processed under the ₹15,000 ceiling. */
function oldSlip(wages: number, restrict = true, eps = true) {
  const r = computePf(old, { pfWages: R(wages), restrictToCeiling: restrict, epsEligible: eps });
  return { pfWages: R(wages), ...r };
}

describe('PF arrears of a locked month', () => {
  it.each([
    // month, PF wages → arrear EPF wages, member, EPS, EPF, EDLI
    ['October 2026 on ₹30,000: ₹3,000 − ₹1,800', 10, 30000, 10000, 1200, 833, 367, 50],
    ['September 2026 on ₹30,000: ₹2,360 − ₹1,800', 9, 30000, 4666.67, 560, 388, 172, 23],
    ['October 2026 on ₹20,000: all of it now', 10, 20000, 5000, 600, 416, 184, 25],
  ] as const)('%s', (_, month, wages, arrearWages, employee, eps, epf, edli) => {
    const p = pfParametersForMonth(rows, 2026, month)!;
    const a = pfArrear(p, { slip: oldSlip(wages), restrictToCeiling: true })!;
    expect(a).toEqual({
      epfWages: R(arrearWages),
      epsWages: R(arrearWages),
      edliWages: R(arrearWages),
      employee: R(employee),
      eps: R(eps),
      epf: R(epf),
      edli: R(edli),
    });
  });

  it('nothing for wages within the old ceiling, for the month before, or once raised', () => {
    const oct = pfParametersForMonth(rows, 2026, 10)!;
    expect(pfArrear(oct, { slip: oldSlip(12000), restrictToCeiling: true })).toBeNull();
    expect(pfArrear(pfParametersForMonth(rows, 2026, 8)!, { slip: oldSlip(30000), restrictToCeiling: true })).toBeNull();
    const first = pfArrear(oct, { slip: oldSlip(30000), restrictToCeiling: true })!;
    expect(pfArrear(oct, { slip: oldSlip(30000), earlier: first, restrictToCeiling: true })).toBeNull();
  });

  it('reads the member’s options from the slip: on full wages no arrear of the member’s share, EPS only where it was paid', () => {
    const oct = pfParametersForMonth(rows, 2026, 10)!;
    // Full wages of ₹40,000: the shares were already on all of it; EPS and EDLI rise with the ceiling.
    expect(pfArrear(oct, { slip: oldSlip(40000, false), restrictToCeiling: true })).toMatchObject({
      epfWages: 0n,
      employee: 0n,
      eps: R(833),
      epf: 0n,
      edli: R(50),
    });
    // Outside EPS (joined after 1 Sep 2014 above the ceiling): all the employer's share goes to EPF.
    expect(pfArrear(oct, { slip: oldSlip(30000, true, false), restrictToCeiling: true })).toMatchObject({
      employee: R(1200),
      eps: 0n,
      epf: R(1200),
    });
  });

  it('administration charges on the new EPF wages less those charged: ten members on ₹30,000 in October', () => {
    expect(pfAdminChargesArrear(pfParametersForMonth(rows, 2026, 10)!, R(250000), R(750))).toBe(R(500));
    expect(pfAdminChargesArrear(pfParametersForMonth(rows, 2026, 10)!, R(60000), R(500))).toBe(0n);
  });

  it('writes the arrear ECR line of the wage month with the differences', () => {
    const a = pfArrear(pfParametersForMonth(rows, 2026, 9)!, { slip: oldSlip(30000), restrictToCeiling: true })!;
    expect(ecrLine(arrearEcrMember({ uan: '100123456789', name: 'Asha Rao', arrear: a }))).toBe(
      '100123456789#~#Asha Rao#~#4667#~#4667#~#4667#~#4667#~#560#~#388#~#172#~#0#~#0',
    );
  });
});
