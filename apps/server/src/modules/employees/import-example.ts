import { IMPORT_COLUMNS } from './import-columns';

const exampleOf = (key: string) => (IMPORT_COLUMNS.find((c) => c.key === key)?.example ?? '').trim().toLowerCase();
const EXAMPLE_CODE = exampleOf('employeeCode');
const EXAMPLE_NAME = exampleOf('name');

/**
 * Whether an uploaded row is the template's own example (BLR-0101, Ananya Rao) left in the file: its employee code and
 * name are the example's. Such a row is refused with a row error rather than imported as a real employee; a row whose
 * code or name was replaced is someone's.
 */
export function isTemplateExample(cellOf: (key: string) => string | null): boolean {
  const same = (key: string, example: string) => (cellOf(key) ?? '').trim().toLowerCase() === example;
  return same('employeeCode', EXAMPLE_CODE) && same('name', EXAMPLE_NAME);
}

export const TEMPLATE_EXAMPLE_MESSAGE =
  'This is the template’s example row (BLR-0101, Ananya Rao): delete it, or replace it with a real employee’s particulars';
