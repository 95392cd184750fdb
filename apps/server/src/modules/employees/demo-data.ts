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
  const values = {
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
  // An ESI insurance (IP) number for the insured: ten digits taken from the UAN (no further draws, so the rest stays as seeded).
  return { ...values, esiNumber: values.esiApplicable ? values.uan.slice(2) : null };
}

/** A place of the seeded look-ups: ids found by name by the caller, null where the list lacks it. */
export interface DemoPlace {
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  city: string;
  /** Seeded areas of the city (may be empty). */
  areas: { id: number; name: string; pinCode: string | null }[];
}

/** A home town for permanent addresses: where the look-ups have no areas, a locality and PIN prefix. */
export interface DemoHome extends DemoPlace {
  localities: string[];
  pinPrefix: string;
}

/** Home towns (city, state, PIN prefix, localities) the seed resolves against the seeded cities. */
export const DEMO_HOME_TOWNS: { city: string; state: string; pinPrefix: string; localities: string[] }[] = [
  { city: 'Kochi', state: 'Kerala', pinPrefix: '682', localities: ['Kadavanthra', 'Edappally', 'Palarivattom'] },
  { city: 'Thiruvananthapuram', state: 'Kerala', pinPrefix: '695', localities: ['Pattom', 'Vazhuthacaud'] },
  { city: 'Madurai', state: 'Tamil Nadu', pinPrefix: '625', localities: ['Anna Nagar', 'K K Nagar'] },
  { city: 'Coimbatore', state: 'Tamil Nadu', pinPrefix: '641', localities: ['R S Puram', 'Peelamedu'] },
  { city: 'Tiruchirappalli', state: 'Tamil Nadu', pinPrefix: '620', localities: ['Srirangam', 'Thillai Nagar'] },
  { city: 'Mangaluru', state: 'Karnataka', pinPrefix: '575', localities: ['Kadri', 'Bejai'] },
  { city: 'Hubballi', state: 'Karnataka', pinPrefix: '580', localities: ['Vidyanagar', 'Gokul Road'] },
  { city: 'Belagavi', state: 'Karnataka', pinPrefix: '590', localities: ['Tilakwadi', 'Camp'] },
  { city: 'Hyderabad', state: 'Telangana', pinPrefix: '500', localities: ['Ameerpet', 'Kukatpally'] },
  { city: 'Visakhapatnam', state: 'Andhra Pradesh', pinPrefix: '530', localities: ['MVP Colony', 'Dwaraka Nagar'] },
];

/** Names of the look-up lists the details use (the seeded names, see masters/seed.ts). */
export type DemoLookupList =
  | 'maritalStatuses'
  | 'jobNatures'
  | 'positions'
  | 'categories'
  | 'divisions'
  | 'regions'
  | 'educationModes'
  | 'academicDomains'
  | 'academicStatuses'
  | 'responsibilities'
  | 'writtens'
  | 'patentStatuses';

export interface DemoDetailRefs {
  mobileCodeId: number | null;
  /** The employee's unit's city: present address. */
  present: DemoPlace;
  /** Home towns elsewhere: the permanent address of some. */
  homes: DemoHome[];
  /** Id of a look-up by its name; null when the list has no such entry. */
  lookup: (list: DemoLookupList, name: string) => number | null;
  departmentCode: string;
  designationCode: string;
}

const LANES = ['2nd Cross', '4th Main', '3rd Cross Road', 'Temple Street', 'Church Street', '1st Main Road', 'Gandhi Road', '6th Cross'];
const HEADS = ['DIR', 'GM', 'HRM', 'ACM', 'PRF'];

/** An integer hash (murmur3's finaliser): neighbouring indexes get unrelated random streams. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${pad2((total % 12) + 1)}-${pad2(Math.min(d, 28))}`;
}

function weighted<T>(r: () => number, options: [T, number][]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of options) {
    x -= w;
    if (x < 0) return v;
  }
  return options[options.length - 1][0];
}

/**
 * The look-up based details of a demo employee (mobile code, addresses with country / state / city /
 * area, marital status, category, position, job nature, division, region, confirmation, academic
 * details for teaching staff), consistent with `base` (age, gender, date of joining). A separate random
 * stream keeps `demoEmployee`'s own values unchanged.
 */
export function demoDetails(i: number, base: EmployeeValues, refs: DemoDetailRefs, seed = 7): Partial<EmployeeValues> {
  const r = rng(mix32(seed * 7_919 + i));
  const { lookup } = refs;
  const age = 2026 - Number(String(base.dateOfBirth).slice(0, 4));
  const marital =
    age < 27
      ? weighted(r, [
          ['Single', 85],
          ['Married', 15],
        ])
      : age < 35
        ? weighted(r, [
            ['Married', 65],
            ['Single', 35],
          ])
        : weighted(r, [
            ['Married', 88],
            ['Single', 5],
            ['Divorced', 4],
            ['Widowed', 3],
          ]);
  const married = marital === 'Married';
  const female = base.gender === 'Female';

  const p = refs.present;
  const area = p.areas.length ? pick(r, p.areas) : null;
  const houseNo = 1 + Math.floor(r() * 240);
  const present: Partial<EmployeeValues> = {
    presentCountryId: p.countryId,
    presentStateId: p.stateId,
    presentCityId: p.cityId,
    presentAreaId: area?.id ?? null,
    ...(area
      ? {
          presentAddress: `${houseNo}, ${pick(r, LANES)}, ${area.name}, ${p.city}`,
          presentPincode: area.pinCode ?? base.presentPincode ?? null,
        }
      : {}),
  };

  // About two in five come from elsewhere: a permanent address in their home town.
  const home = refs.homes.length && r() < 0.4 ? pick(r, refs.homes) : null;
  const permanent: Partial<EmployeeValues> = home
    ? {
        permanentAddress: `${1 + Math.floor(r() * 90)}, ${pick(r, home.localities)}, ${home.city}`,
        permanentCountryId: home.countryId,
        permanentStateId: home.stateId,
        permanentCityId: home.cityId,
        permanentAreaId: null,
        permanentPincode: `${home.pinPrefix}${digits(r, 3)}`,
      }
    : {};

  const desig = refs.designationCode;
  const dept = refs.departmentCode;
  const nature = ['OFA', 'ADE', 'STN'].includes(desig) && r() < 0.25 ? 'Contract' : desig === 'ASP' && r() < 0.2 ? 'Visiting' : 'Permanent';
  const position = HEADS.includes(desig)
    ? 'Head of Department'
    : ['SWE', 'ACE', 'HRE'].includes(desig) && r() < 0.3
      ? 'Team Lead'
      : desig === 'ASP' && r() < 0.3
        ? 'Coordinator'
        : 'Member';
  const category = weighted(r, [
    ['General', 55],
    ['OBC', 27],
    ['SC', 10],
    ['ST', 4],
    ['EWS', 4],
  ]);
  const division =
    dept === 'ACD' ? 'Academic' : dept === 'NUR' ? 'Healthcare' : ['FAC', 'OPS'].includes(dept) ? 'Support Services' : 'Administrative';

  // Teaching staff of a campus carry the academic details.
  const teaching = ['PRF', 'ASP'].includes(desig) || dept === 'ACD';
  const academic: Partial<EmployeeValues> = teaching
    ? {
        educationModeId: lookup('educationModes', 'Full-time'),
        academicDomainId: lookup('academicDomains', pick(r, ['Engineering', 'Sciences', 'Commerce', 'Management', 'Arts & Humanities'])),
        academicStatusId: lookup('academicStatuses', desig === 'ASP' && r() < 0.4 ? 'Pursuing' : 'Completed'),
        responsibilityId: lookup(
          'responsibilities',
          pick(r, ['Class teacher', 'Exam cell', 'Admissions', 'Placement cell', 'NSS coordinator']),
        ),
        writtenId: lookup('writtens', pick(r, ['Journal article', 'Conference paper', 'Book chapter'])),
        patentStatusId: desig === 'PRF' && r() < 0.5 ? lookup('patentStatuses', pick(r, ['Filed', 'Published', 'Granted'])) : null,
      }
    : {};

  return {
    mobileCodeId: refs.mobileCodeId,
    maritalStatusId: lookup('maritalStatuses', marital),
    emergencyContactRelation: married ? 'Spouse' : female ? 'Father' : 'Mother',
    ...present,
    ...permanent,
    categoryId: lookup('categories', category),
    positionId: lookup('positions', position),
    jobNatureId: lookup('jobNatures', nature),
    divisionId: lookup('divisions', division),
    regionId: lookup('regions', 'South'),
    confirmationDate: nature === 'Permanent' && base.dateOfJoining ? addMonths(String(base.dateOfJoining), 6) : null,
    ...academic,
  };
}
