import { verhoeffDigit } from '@hr/contract';
import type { EmployeeValues } from './service';

/** Deterministic generator of believable Indian employee records (seed, tests, bench). */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST_F = [
  'Priya',
  'Ananya',
  'Divya',
  'Kavya',
  'Lakshmi',
  'Meera',
  'Nandini',
  'Pooja',
  'Revathi',
  'Sneha',
  'Swathi',
  'Aishwarya',
  'Deepa',
  'Farah',
  'Gayathri',
  'Harini',
  'Ishita',
  'Jyothi',
  'Keerthi',
  'Shreya',
];
const FIRST_M = [
  'Karthik',
  'Rahul',
  'Arjun',
  'Vikram',
  'Suresh',
  'Ramesh',
  'Arun',
  'Manoj',
  'Naveen',
  'Pradeep',
  'Sanjay',
  'Vinod',
  'Abdul',
  'Imran',
  'Joseph',
  'Kiran',
  'Mohan',
  'Rajesh',
  'Sathish',
  'Venkatesh',
];
const SURNAMES = [
  'Sharma',
  'Subramanian',
  'Menon',
  'Rao',
  'Iyer',
  'Reddy',
  'Nair',
  'Patil',
  'Gowda',
  'Krishnan',
  'Pillai',
  'Hegde',
  'Kulkarni',
  'Shetty',
  'Naidu',
  'Fernandes',
  'Khan',
  'Bhat',
  'Joshi',
  'Das',
];
const STREETS = [
  '4th Cross, Jayanagar',
  'MG Road',
  '2nd Main, Indiranagar',
  'Anna Salai',
  'T Nagar',
  'Vijayanagar 2nd Stage',
  'Kuvempunagar',
  'Gokulam 3rd Stage',
  'Velachery Main Road',
  'HSR Layout Sector 2',
];
const BANKS: [string, string][] = [
  ['HDFC', 'HDFC Bank'],
  ['SBIN', 'State Bank of India'],
  ['ICIC', 'ICICI Bank'],
  ['CNRB', 'Canara Bank'],
  ['UTIB', 'Axis Bank'],
];
const BLOOD = ['A+', 'B+', 'O+', 'AB+', 'O-', 'B-', 'A-'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface DemoRefs {
  unitIds: number[];
  departmentIds: number[];
  designationIds: number[];
}

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const letters = (r: () => number, n: number) => Array.from({ length: n }, () => LETTERS[Math.floor(r() * 26)]).join('');
const pad2 = (n: number) => String(n).padStart(2, '0');

export function validAadhaar(r: () => number): string {
  const body = String(2 + Math.floor(r() * 8)) + digits(r, 10);
  return body + verhoeffDigit(body);
}

/** The i-th demo employee: code `${prefix}${i}`, valid PAN / Aadhaar (last four) / IFSC / mobile. */
export function demoEmployee(i: number, refs: DemoRefs, prefix = 'EMP', seed = 7): EmployeeValues & { aadhaarFull: string } {
  const r = rng(seed * 100_003 + i);
  const female = r() < 0.45;
  const first = pick(r, female ? FIRST_F : FIRST_M);
  const surname = pick(r, SURNAMES);
  const name = `${first} ${surname}`;
  const yob = 1970 + Math.floor(r() * 33);
  const yoj = Math.max(yob + 21, 2008 + Math.floor(r() * 17));
  const [bankCode, bankName] = pick(r, BANKS);
  const aadhaar = validAadhaar(r);
  const unitId = refs.unitIds[i % refs.unitIds.length];
  return {
    employeeCode: `${prefix}${String(i).padStart(5, '0')}`,
    name,
    fatherName: `${pick(r, FIRST_M)} ${surname}`,
    gender: female ? 'Female' : 'Male',
    dateOfBirth: `${yob}-${pad2(1 + Math.floor(r() * 12))}-${pad2(1 + Math.floor(r() * 28))}`,
    bloodGroup: pick(r, BLOOD),
    mobile: `${pick(r, ['9', '8', '7', '6'])}${digits(r, 9)}`,
    email: `${first}.${surname}${i}`.toLowerCase().concat('@example.in'),
    presentAddress: `${1 + Math.floor(r() * 200)}, ${pick(r, STREETS)}`,
    presentPincode: `5${digits(r, 5)}`,
    permanentAddress: null,
    emergencyContactName: `${pick(r, female ? FIRST_M : FIRST_F)} ${surname}`,
    emergencyContactRelation: female ? 'Spouse' : 'Mother',
    emergencyContactMobile: `9${digits(r, 9)}`,
    unitId,
    departmentId: pick(r, refs.departmentIds),
    designationId: pick(r, refs.designationIds),
    dateOfJoining: `${yoj}-${pad2(1 + Math.floor(r() * 12))}-${pad2(1 + Math.floor(r() * 28))}`,
    weeklyOffs: [0],
    status: 'active',
    pan: `${letters(r, 3)}P${surname[0]}${digits(r, 4)}${letters(r, 1)}`,
    aadhaarLast4: aadhaar.slice(-4),
    aadhaarFull: aadhaar,
    uan: `10${digits(r, 10)}`,
    pfApplicable: true,
    esiApplicable: r() < 0.3,
    ptApplicable: true,
    payModeId: 2,
    bankAccountNo: `${1 + Math.floor(r() * 9)}${digits(r, 11)}`,
    ifsc: `${bankCode}0${digits(r, 6)}`,
    bankName,
    bankBranch: pick(r, ['Jayanagar', 'Koramangala', 'T Nagar', 'Adyar', 'Saraswathipuram', 'Residency Road']),
  };
}
