import { z } from 'zod';

/**
 * Plain sentences for zod's issues, naming the field: "Date of joining is required" instead of
 * "Invalid input: expected string, received undefined". Installed once by the server and the web app
 * (`installPlainMessages()`), so API field errors, form errors and import errors read the same. A schema's
 * own message (e.g. `.min(1, 'Enter a name')`) still wins.
 */

type RawIssue = z.core.$ZodRawIssue;

/** Words a label writes as the payroll office does (the key 'lwopDays' reads "LWOP days", not "Lwop days"). */
const ACRONYMS: Record<string, string> = {
  da: 'DA',
  ecr: 'ECR',
  edli: 'EDLI',
  emi: 'EMI',
  emis: 'EMIs',
  epf: 'EPF',
  eps: 'EPS',
  esi: 'ESI',
  esic: 'ESIC',
  gst: 'GST',
  gstin: 'GSTIN',
  hra: 'HRA',
  ifsc: 'IFSC',
  lta: 'LTA',
  lwf: 'LWF',
  lwop: 'LWOP',
  lwp: 'LWP',
  ot: 'OT',
  pan: 'PAN',
  pf: 'PF',
  pt: 'PT',
  tan: 'TAN',
  tds: 'TDS',
  uan: 'UAN',
  utr: 'UTR',
};

/** 'dateOfJoining' → 'Date of joining'; 'departmentId' → 'Department'; 'pf_no' → 'PF no'; 'noOfEMIs' → 'No. of EMIs'. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((p) => typeof p === 'string');
  if (typeof last !== 'string' || !last) return 'This value';
  const words = last
    .replace(/Ids?$/, (m) => (m === 'Ids' ? 's' : ''))
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i, all) => ACRONYMS[w] ?? (w === 'no' && all[i + 1] === 'of' ? 'no.' : w));
  if (!words.length) return 'This value';
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'yes or no',
  date: 'a date',
  array: 'a list',
  object: 'a set of fields',
};

/**
 * Nothing given: absent, null or empty text. A NaN is a value given (a text such as "two" made a number, or a number
 * field's non-number), so it is "must be a number", never "is required".
 */
function isMissing(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map((v) => String(v));
  return values.length > 8 ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The plain sentence for one issue, or undefined to keep zod's own (for codes we do not rephrase). */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  const field = fieldLabel(issue.path);
  const i = issue as RawIssue & Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type': {
      if (isMissing(issue.input)) return `${field} is required`;
      if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return `${field} must be ${KIND[String(i.expected)] ?? 'a number'}`;
      return `${field} must be ${KIND[String(i.expected)] ?? String(i.expected)}`;
    }
    case 'too_small': {
      const min = Number(i.minimum);
      if (i.origin === 'string') return min <= 1 ? `${field} is required` : `${field} must be at least ${min} characters`;
      if (i.origin === 'array' || i.origin === 'set')
        return min <= 1 ? `${field}: choose at least one` : `${field}: choose at least ${min}`;
      return `${field} must be ${i.inclusive === false ? 'more than' : 'at least'} ${String(i.minimum)}`;
    }
    case 'too_big': {
      if (i.origin === 'string') return `${field} may have at most ${String(i.maximum)} characters`;
      if (i.origin === 'array' || i.origin === 'set') return `${field} may have at most ${String(i.maximum)} items`;
      return `${field} must be ${i.inclusive === false ? 'less than' : 'at most'} ${String(i.maximum)}`;
    }
    case 'invalid_format': {
      if (i.format === 'email') return 'Enter a valid e-mail address';
      if (i.format === 'url') return `${field} must be a web address`;
      if (i.format === 'date' || i.format === 'datetime') return `${field} must be a valid date`;
      return `${field} is not in the expected format`;
    }
    case 'invalid_value':
      return Array.isArray(i.values) ? `${field} must be one of: ${list(i.values)}` : `${field} has a value that is not allowed`;
    case 'unrecognized_keys':
      return Array.isArray(i.keys) ? `Unknown field${i.keys.length === 1 ? '' : 's'}: ${list(i.keys)}` : 'Unknown fields';
    case 'invalid_union':
      return isMissing(issue.input) ? `${field} is required` : `${field} is not valid`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(i.divisor)}`;
    default:
      return undefined;
  }
}

let installed = false;

/** Installs the plain sentences as zod's global error map (idempotent). */
export function installPlainMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: plainIssueMessage });
}
