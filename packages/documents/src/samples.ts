import type { TEmployeeSalaryRecord, TSalaryAdvance, TSalaryHead } from '@hr/contract';

// Known records for the golden tests, the demo page and the bench. Their figures are worked out in
// the tests (payslip.test.ts), so a change here shows up there.

const head = (
  earningDeductionId: number,
  earningDeductionPrintName: string,
  amount: number,
  isEarning: boolean,
  flags: Partial<Pick<TSalaryHead, 'isPrinted' | 'isCalculative' | 'isNetPayHead' | 'isOverTimeHead' | 'isTotalLWOPHead'>> = {},
): TSalaryHead => ({
  earningDeductionId,
  earningDeductionPrintName,
  amount,
  isEarning,
  isPrinted: flags.isPrinted ?? true,
  isCalculative: flags.isCalculative ?? false,
  isNetPayHead: flags.isNetPayHead ?? false,
  isOverTimeHead: flags.isOverTimeHead ?? false,
  isTotalLWOPHead: flags.isTotalLWOPHead ?? false,
});

export const SAMPLE_COMPANY = {
  companyName: 'Sunrise Learning Foundation',
  compamyAddress: '12, Mahatma Gandhi Road, Bengaluru, Karnataka 560001',
};

/** Ananya: six earnings, four deductions; net 42,594.99 rounds down to 42,590 (Round Off 4.99 on the deductions side). */
export const SAMPLE_RECORD_ANANYA: TEmployeeSalaryRecord = {
  ...SAMPLE_COMPANY,
  month: 4,
  year: 2026,
  name: 'Ananya Raghavan',
  unitName: 'Head Office',
  employeeCode: 'EMP-0042',
  payModeName: 'Bank',
  designationName: 'Senior Accountant',
  uanNo: '100234567890',
  salaryProcessDetailRequestList: [
    head(1, 'Basic', 25000, true),
    head(2, 'House Rent Allowance', 10000, true),
    head(3, 'Conveyance\r\nAllowance', 1600, true),
    head(4, 'Special Allowance', 8760.43, true),
    head(5, 'Medical Allowance', 1250, true),
    head(6, 'Overtime', 1234.56, true, { isOverTimeHead: true }),
    head(20, 'Gross Salary', 47844.99, true, { isPrinted: false, isCalculative: true }),
    head(10, 'Provident Fund', 1800, false),
    head(11, 'Professional Tax', 200, false),
    head(41, 'Salary Advance EMI', 2000, false),
    head(12, 'Leave Without Pay', 1250, false, { isTotalLWOPHead: true }),
    head(99, 'Net Pay', 42594.99, true, { isNetPayHead: true }),
  ],
};

/** Karthik: no UAN, no pay mode; net 30,345.00 rounds up to 30,350 (Round Off 5.00 on the earnings side). */
export const SAMPLE_RECORD_KARTHIK: TEmployeeSalaryRecord = {
  ...SAMPLE_COMPANY,
  month: 4,
  year: 2026,
  name: 'Karthik Subramanian',
  unitName: 'Branch, Chennai (South)',
  employeeCode: 'EMP-0107',
  payModeName: null,
  designationName: 'Lab Assistant',
  uanNo: null,
  salaryProcessDetailRequestList: [
    head(1, 'Basic', 22000, true),
    head(2, 'House Rent Allowance', 8800, true),
    head(10, 'Provident Fund', 455, false),
    head(99, 'Net Pay', 30345, true, { isNetPayHead: true }),
  ],
};

/** Meera: no net-pay head, so the net pay prints 0 and there is no Round Off row. */
export const SAMPLE_RECORD_MEERA: TEmployeeSalaryRecord = {
  ...SAMPLE_COMPANY,
  month: 4,
  year: 2026,
  name: 'Meera Iyer',
  unitName: 'Head Office',
  employeeCode: 'EMP-0150',
  payModeName: 'Cash',
  designationName: 'Office Assistant',
  uanNo: '',
  salaryProcessDetailRequestList: [head(1, 'Basic', 15000, true), head(11, 'Professional Tax', 150, false)],
};

export const SAMPLE_RECORDS: TEmployeeSalaryRecord[] = [SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA];

export const SAMPLE_ADVANCE: TSalaryAdvance = {
  employeeName: 'Ananya Raghavan',
  advanceAmount: 125000.5,
  noOfEMIs: 10,
  monthlyEMI: 12500.05,
  effectiveMonth: 5,
  effectiveYear: 2026,
  remarks: 'Medical emergency in the family',
  payModeId: 2,
};

const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Saanvi', 'Vikram', 'Lakshmi', 'Arjun', 'Priya', 'Farhan', 'Gurpreet'];
const LAST = ['Sharma', 'Nair', 'Reddy', 'Banerjee', 'Patel', 'Iyer', 'Khan', 'Singh', 'Menon', 'Das', 'Joshi', 'Pillai'];
const DESIGNATIONS = ['Teacher', 'Accountant', 'Lab Assistant', 'Driver', 'Clerk', 'Librarian'];

/** n believable records spread over the units, with a dozen heads each (for the bench and the demo page). */
export function generateSalaryRecords(
  n: number,
  units: string[] = ['Head Office', 'Branch Chennai', 'Campus Mysuru'],
): TEmployeeSalaryRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const basic = 15000 + ((i * 137) % 40) * 500;
    const hra = Math.round(basic * 40) / 100;
    const special = Math.round(((i * 7919) % 900000) + 100000) / 100;
    const ot = i % 3 === 0 ? Math.round(((i * 31) % 5000) * 100 + 99) / 100 : 0;
    const pf = Math.min(1800, Math.round(basic * 12) / 100);
    const advance = i % 4 === 0 ? 1500 : 0;
    const lwop = i % 5 === 0 ? Math.round(basic / 30) : 0;
    const earningsPaise = Math.round(basic * 100) + Math.round(hra * 100) + 160000 + Math.round(special * 100) + Math.round(ot * 100);
    const deductionsPaise = Math.round(pf * 100) + 20000 + advance * 100 + lwop * 100;
    const heads: TSalaryHead[] = [
      head(1, 'Basic', basic, true),
      head(2, 'House Rent Allowance', hra, true),
      head(3, 'Conveyance Allowance', 1600, true),
      head(4, 'Special Allowance', special, true),
      ...(ot ? [head(6, 'Overtime', ot, true, { isOverTimeHead: true })] : []),
      head(10, 'Provident Fund', pf, false),
      head(11, 'Professional Tax', 200, false),
      ...(advance ? [head(41, 'Salary Advance EMI', advance, false)] : []),
      ...(lwop ? [head(12, 'Leave Without Pay', lwop, false, { isTotalLWOPHead: true })] : []),
      head(99, 'Net Pay', (earningsPaise - deductionsPaise) / 100, true, { isNetPayHead: true }),
    ];
    return {
      ...SAMPLE_COMPANY,
      month: 4,
      year: 2026,
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`,
      unitName: units[i % units.length],
      employeeCode: `EMP-${String(i + 1).padStart(4, '0')}`,
      payModeName: i % 7 === 0 ? 'Cash' : 'Bank',
      designationName: DESIGNATIONS[i % DESIGNATIONS.length],
      uanNo: i % 9 === 0 ? null : String(100000000000 + i * 7),
      salaryProcessDetailRequestList: heads,
    };
  });
}
