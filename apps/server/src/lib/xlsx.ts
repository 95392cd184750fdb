/**
 * Excel's rules for a worksheet's name: at most 31 characters, none of \ / ? * [ ] :, not blank, and no
 * apostrophe at either end. A title such as "Earning / Deduction Head" is made safe rather than
 * producing a workbook that Excel repairs on opening.
 */
export function sheetName(title: string): string {
  const safe = title
    .replace(/[\\/?*[\]:]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return safe || 'Sheet1';
}
