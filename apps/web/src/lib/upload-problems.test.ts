import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { uploadProblemLines, uploadProblemRows } from './upload-problems';

const refusal = (fieldErrors?: Record<string, string[]>) =>
  new ApiError(
    400,
    'The file has errors',
    fieldErrors ? { statusCode: 400, error: 'Bad Request', message: 'The file has errors', fieldErrors } : null,
  );

describe('uploadProblemLines', () => {
  it('lists a row key as "Row N: …", in row order, and other keys as their messages', () => {
    const e = refusal({ 'row 12': ['Days must be a number'], file: ['Column Days is missing'], 'row 3': ['Unknown code', 'Late'] });
    expect(uploadProblemLines(e)).toEqual([
      'Column Days is missing',
      'Row 3: Unknown code',
      'Row 3: Late',
      'Row 12: Days must be a number',
    ]);
  });

  it('falls back to the message when the refusal names no field', () => {
    expect(uploadProblemLines(refusal())).toEqual(['The file has errors']);
  });
});

describe('uploadProblemRows', () => {
  it('gives a row key its number and keeps other keys', () => {
    const e = refusal({ 'row 7': ['Basic must be a number'], rows: ['No row to import'] });
    expect(uploadProblemRows(e)).toEqual([
      { where: '7', problem: 'Basic must be a number' },
      { where: 'rows', problem: 'No row to import' },
    ]);
  });

  it('puts a refusal without fields under "File"', () => {
    expect(uploadProblemRows(refusal())).toEqual([{ where: 'File', problem: 'The file has errors' }]);
  });
});
