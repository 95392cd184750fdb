// The one word wrapper of the PDFs drawn straight onto pdfkit: the documents' painter (pdf-painter.ts: payslips,
// grids) and the server's report tables (apps/server/src/modules/reports/pdf-text.ts). Pure: the caller measures.

/**
 * A text's words onto lines of at most `width` points, as `measure` gives a string's width: a text that fits is one
 * line; words are joined by one space while they fit; a word longer than a line is cut where it must be. Line breaks
 * in the text are not looked at (the painter splits its paragraphs first).
 */
export function wrapWords(text: string, width: number, measure: (s: string) => number): string[] {
  if (measure(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}
