import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterSelect } from '@/components/common/Filters';
import type { DataColumn } from './DataTable';
import { PagedTable } from './PagedTable';
import { usePaging } from './usePaging';

type R = { id: number; name: string };
const columns: DataColumn<R>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name }];

function List({ rows, total, pageSize }: { rows: R[]; total: number; pageSize?: number }) {
  const paging = usePaging(pageSize);
  return (
    <PagedTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      paging={paging}
      total={total}
      emptyState={{ icon: <span />, title: 'No bonus yet', description: 'Compute one.' }}
    />
  );
}

describe('PagedTable', () => {
  it('draws the empty state in the table and one page when there is nothing', () => {
    const html = renderToStaticMarkup(<List rows={[]} total={0} />);
    expect(html).toContain('data-testid="list-empty"');
    expect(html).toContain('No bonus yet');
    expect(html).toContain('Compute one.');
    expect(html).toMatch(/Page 1 of 1/);
  });

  it('counts the pages from the total and the page size, and draws the rows', () => {
    const html = renderToStaticMarkup(<List rows={[{ id: 1, name: 'Asha' }]} total={120} pageSize={50} />);
    expect(html).toContain('Asha');
    expect(html).not.toContain('list-empty');
    expect(html).toMatch(/Page 1 of 3/);
    expect(html).toContain('<option value="50" selected="">50</option>');
  });
});

describe('PagedTable of a query', () => {
  function Query({ list }: { list: { data?: { rows: R[]; total: number }; isLoading: boolean } }) {
    const paging = usePaging(10);
    return <PagedTable columns={columns} list={list} rowKey={(r) => r.id} paging={paging} empty="Nothing here" />;
  }

  it('takes the rows and the total from the query, and shows no empty state while it loads', () => {
    const html = renderToStaticMarkup(<Query list={{ data: { rows: [{ id: 2, name: 'Ravi' }], total: 31 }, isLoading: false }} />);
    expect(html).toContain('Ravi');
    expect(html).toMatch(/Page 1 of 4/);
    const loading = renderToStaticMarkup(<Query list={{ isLoading: true }} />);
    expect(loading).not.toContain('Nothing here');
    expect(renderToStaticMarkup(<Query list={{ data: { rows: [], total: 0 }, isLoading: false }} />)).toContain('Nothing here');
  });
});

describe('FilterSelect', () => {
  it('puts the "any" choice first with the value "" and labels the options', () => {
    const html = renderToStaticMarkup(
      <FilterSelect
        label="Status"
        any="Any status"
        value={null}
        options={['open', 'paid']}
        optionLabel={(s) => s.toUpperCase()}
        onChange={() => {}}
      />,
    );
    expect(html).toContain('aria-label="Status"');
    expect(html.indexOf('<option value="" selected="">Any status</option>')).toBeGreaterThan(-1);
    expect(html.indexOf('Any status')).toBeLessThan(html.indexOf('OPEN'));
    expect(html).toContain('<option value="paid">PAID</option>');
  });
});
