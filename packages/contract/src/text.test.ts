import { describe, expect, it } from 'vitest';
import { LINE_CONTROL_MESSAGE, TEXT_CONTROL_MESSAGE, zLine, zLines } from './text';

// Issue 23, item 2: names and other one-line fields refuse every control character; multi-line fields keep line
// breaks and tabs and refuse the rest.
const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['vertical tab', '\u000b'],
  ['form feed', '\u000c'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 start', '\u0080'],
  ['NEL', '\u0085'],
  ['C1 end', '\u009f'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
];
const BREAKS: [string, string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['tab', '\t'],
];

describe('one line of text (zLine)', () => {
  const name = zLine().min(1).max(150);
  it.each([...CONTROLS, ...BREAKS])('refuses %s inside', (_what, c) => {
    const res = name.safeParse(`Anand${c}Bcc: someone@example.com`);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(LINE_CONTROL_MESSAGE);
  });

  it('trims, and keeps what a name may hold', () => {
    expect(name.parse('  Anand Rao \n')).toBe('Anand Rao');
    for (const ok of ['Ananya Ç. Müller-Rao', 'नीलम शर्मा', "O'Brien & Sons (P) Ltd.", 'A\u00a0B', 'Zoë 😀'])
      expect(name.parse(ok)).toBe(ok);
  });

  it('chains like a string schema (optional, regex)', () => {
    expect(zLine().max(5).nullish().parse(null)).toBeNull();
    expect(
      zLine()
        .regex(/^[A-Z]+$/)
        .safeParse('AB\nC').success,
    ).toBe(false);
  });
});

describe('text of several lines (zLines)', () => {
  const remark = zLines().max(500);
  it.each(CONTROLS)('refuses %s inside', (_what, c) => {
    const res = remark.safeParse(`First line${c}second`);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(TEXT_CONTROL_MESSAGE);
  });

  it.each(BREAKS)('keeps %s inside', (_what, c) => {
    expect(remark.parse(`First line${c}second`)).toBe(`First line${c}second`);
  });
});
