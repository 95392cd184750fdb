import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable, PaginationBar, RowActions } from './DataTable';
import { nextSort } from './sort';

type R = { id: number; name: string };
const columns: DataColumn<R>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { id: 'code', header: 'Code', cell: (r) => `C${r.id}` },
  { id: 'actions', header: 'Actions', isolated: true, cell: (r) => <RowActions onEdit={() => {}} editLabel={`Edit ${r.name}`} /> },
];
const render = (props: Partial<Parameters<typeof DataTable<R>>[0]> = {}) =>
  renderToStaticMarkup(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} sort={null} onSort={() => {}} {...props} />);

describe('nextSort', () => {
  it('sorts a new column ascending, then descending, then back to the default order', () => {
    expect(nextSort(null, 'name')).toEqual({ id: 'name', desc: false });
    expect(nextSort({ id: 'code', desc: true }, 'name')).toEqual({ id: 'name', desc: false });
    expect(nextSort({ id: 'name', desc: false }, 'name')).toEqual({ id: 'name', desc: true });
    expect(nextSort({ id: 'name', desc: true }, 'name')).toBeNull();
  });

  it('keeps a list that must stay sorted sorted: descending turns ascending again', () => {
    expect(nextSort({ id: 'name', desc: true }, 'name', false)).toEqual({ id: 'name', desc: false });
  });
});

describe('DataTable', () => {
  it('renders a sort button only on sortable columns, with the direction for assistive technology', () => {
    const html = render({ rows: [{ id: 1, name: 'Asha' }], sort: { id: 'name', desc: true } });
    expect(html).toContain('data-testid="sort-name"');
    expect(html).not.toContain('data-testid="sort-code"');
    expect(html).toContain('aria-sort="descending"');
    expect(html).toMatch(/<td[^>]*>C1<\/td>/);
    expect(html.match(/data-testid="list-row"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Edit Asha"');
    expect(html).not.toContain('list-empty');
  });

  it('shows the empty state only when loaded and without rows', () => {
    expect(render()).toContain('Nothing to show');
    expect(render({ empty: <b>No staff</b> })).toContain('<b>No staff</b>');
    expect(render({ loading: true })).not.toContain('list-empty');
  });

  it('lets a screen mark its rows', () => {
    const html = render({
      rows: [{ id: 7, name: 'Ravi' }],
      rowProps: () => ({ 'data-testid': 'employee-row', className: 'cursor-pointer' }),
    });
    expect(html).toContain('data-testid="employee-row"');
    expect(html).not.toContain('data-testid="list-row"');
  });
});

describe('RowActions and PaginationBar', () => {
  it('renders only the actions given', () => {
    const html = renderToStaticMarkup(<RowActions onDelete={() => {}} deleteLabel="Delete shift" />);
    expect(html).toContain('aria-label="Delete shift"');
    expect(html).not.toContain('row-edit');
    expect(html).not.toContain('row-history');
  });

  it('disables previous on the first page and next on the last', () => {
    const first = renderToStaticMarkup(
      <PaginationBar page={1} pages={3} pageSize={25} onPageChange={() => {}} onPageSizeChange={() => {}} />,
    );
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Previous page"|<button[^>]*aria-label="Previous page"[^>]*disabled=""/);
    expect(first).toContain('Page 1 of 3');
    const last = renderToStaticMarkup(
      <PaginationBar page={3} pages={3} pageSize={25} onPageChange={() => {}} onPageSizeChange={() => {}} />,
    );
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*data-testid="next-page"|<button[^>]*data-testid="next-page"[^>]*disabled=""/);
  });
});
