// The one spreadsheet module (issue 24), the only importer of ExcelJS (scripts/architecture checks it): cells.ts
// (formats, types, the formula-injection guard), write.ts (streamed exports), template.ts (workbooks built whole:
// import templates), read.ts (uploads through ExcelJS) and rows.ts (a large upload read straight from its XML).
export * from './cells';
export * from './read';
export * from './rows';
export * from './template';
export * from './write';
