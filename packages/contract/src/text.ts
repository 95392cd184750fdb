import { z } from 'zod';

// The shared builders of free text in requests (names, codes, remarks, addresses): what a person types into one
// field. A name holds no line break or control character (they reach e-mail headers and bodies, exports and PDFs:
// a CR/LF in a visitor's name can forge lines of a mail); a multi-line field (remarks, addresses, descriptions) keeps
// line breaks and tabs but nothing else below the space. Every request schema's free text is built from these.

/**
 * Not in a one-line field: the C0 controls (NUL…US, tab, CR and LF too), DEL, the C1 controls (U+0080–U+009F) and
 * the Unicode line and paragraph separators (U+2028, U+2029).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
export const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Not in a multi-line field: the same less tab, LF and CR. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
export const TEXT_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

export const LINE_CONTROL_MESSAGE = 'Remove the line breaks, tabs and control characters';
export const TEXT_CONTROL_MESSAGE = 'Remove the control characters';

/** One line of text, trimmed: refuses line breaks, tabs and other control characters. Chain `.min`, `.max`, `.regex`. */
export function zLine() {
  return z
    .string()
    .trim()
    .refine((v) => !LINE_CONTROL_CHARS.test(v), LINE_CONTROL_MESSAGE);
}

/** Text of several lines (remarks, addresses), trimmed: line breaks and tabs allowed, other control characters not. */
export function zLines() {
  return z
    .string()
    .trim()
    .refine((v) => !TEXT_CONTROL_CHARS.test(v), TEXT_CONTROL_MESSAGE);
}
