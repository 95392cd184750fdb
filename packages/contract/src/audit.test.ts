import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit';

describe('auditChanges', () => {
  it('lists only the fields an update changed, with references by their label', () => {
    const before = { id: 4, code: 'HR', name: 'People', unitId: 1, unitIdLabel: 'Head Office', updatedAt: '2026-01-01' };
    const after = { id: 4, code: 'HR', name: 'Human Resources', unitId: 2, unitIdLabel: 'Chennai', updatedAt: '2026-02-01' };
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', from: 'People', to: 'Human Resources' },
      { field: 'unitId', from: 'Head Office (#1)', to: 'Chennai (#2)' },
    ]);
  });

  it('shows every field of a created or deleted record, and names fields through labelOf', () => {
    expect(auditChanges(null, { code: 'HR', note: '' }, (f) => f.toUpperCase())).toEqual([{ field: 'CODE', from: '—', to: 'HR' }]);
    expect(auditChanges({ code: 'HR' }, undefined)).toEqual([{ field: 'code', from: 'HR', to: '—' }]);
  });

  it('masks secrets, at the top and nested, but still shows that one changed', () => {
    const changes = auditChanges(
      { keyHash: 'aaa', passwordHash: 'x', meta: { token: 'abc', n: 1 } },
      { keyHash: 'bbb', passwordHash: 'x', meta: { token: 'abc', n: 2 } },
    );
    expect(changes).toEqual([
      { field: 'keyHash', from: '••••', to: '••••' },
      { field: 'meta', from: '{"token":"••••","n":1}', to: '{"token":"••••","n":2}' },
    ]);
    expect(JSON.stringify(auditChanges(null, { apiSecret: 's3cr3t', storageKey: 'docs/1.pdf' }))).not.toMatch(/s3cr3t|docs/);
  });

  it('reads a list saved at once line by line: added, removed and edited lines', () => {
    const before = [
      { id: 10, itemId: 1, sortOrder: 1 },
      { id: 11, itemId: 2, sortOrder: 2 },
      { id: 12, itemId: 3, sortOrder: 3 },
    ];
    const after = [
      { itemId: 1, sortOrder: 1 },
      { itemId: 3, sortOrder: 5 },
      { itemId: 4, sortOrder: 4 },
    ];
    expect(auditChanges(before, after)).toEqual([
      { field: 'itemId 2', from: 'sortOrder: 2', to: '—' },
      { field: 'itemId 3', from: 'sortOrder: 3', to: 'sortOrder: 5' },
      { field: 'itemId 4', from: '—', to: 'sortOrder: 4' },
    ]);
    // A mapping without extras: a line is there or not.
    expect(auditChanges([], [{ itemId: 7 }])).toEqual([{ field: 'itemId 7', from: '—', to: 'included' }]);
    expect(auditChanges([{ id: 1, itemId: 7 }], [{ itemId: 7 }])).toEqual([]);
  });

  it('falls back to the whole value for anything else', () => {
    expect(auditChanges(['a'], ['a', 'b'])).toEqual([{ field: 'value', from: '["a"]', to: '["a","b"]' }]);
    expect(auditChanges({ n: 1 }, { n: 1 })).toEqual([]);
  });
});
