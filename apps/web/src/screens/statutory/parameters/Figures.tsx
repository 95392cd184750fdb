// A parameter row's figures as a reader wants them: plain figures as a list of label and value, slabs and bands
// as a small table with the band each line covers (₹15,001–₹20,000), nested blocks under their heading.
import { bandStartAfter, bandText } from '@hr/contract';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatFigure, labelOf, monthOverrides, unitOf } from './labels';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTable = (v: unknown): v is Obj[] => Array.isArray(v) && v.length > 0 && v.every(isObj);

export function Figures({ data, parent }: { data: Obj; parent?: string }) {
  const entries = Object.entries(data);
  const plain = entries.filter(([, v]) => !isObj(v) && !isTable(v));
  const blocks = entries.filter(([, v]) => isObj(v) || isTable(v));
  return (
    <div className="grid gap-4">
      {plain.length > 0 && (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {plain.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-3 border-b border-dashed py-1 text-sm">
              <dt className="text-muted-foreground">{labelOf(k)}</dt>
              <dd className="text-right font-medium tabular-nums">{formatFigure(unitOf(k, v, parent), v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {blocks.map(([k, v]) => (
        <section key={k} className="grid gap-2">
          <h4 className="text-sm font-semibold">{labelOf(k)}</h4>
          {isTable(v) ? <Bands rows={v} /> : <Figures data={v as Obj} parent={k} />}
        </section>
      ))}
    </div>
  );
}

/** A list of slabs or bands (or any list of like items) as a table; bands get the range each covers. */
function Bands({ rows }: { rows: Obj[] }) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'from');
  const banded = keys.includes('upTo');
  const columns = banded ? keys.filter((k) => k !== 'upTo') : keys;
  let prev: number | null = null;
  const ranges = rows.map((r) => {
    const upTo = typeof r.upTo === 'number' ? r.upTo : null;
    const text = bandText(bandStartAfter(prev), upTo);
    prev = upTo;
    return text;
  });
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            {banded && <TableHead>Band</TableHead>}
            {columns.map((k) => (
              <TableHead key={k} className="text-right">
                {labelOf(k)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i} data-testid="band-row">
              {banded && <TableCell className="whitespace-nowrap tabular-nums">{ranges[i]}</TableCell>}
              {columns.map((k) => (
                <TableCell key={k} className="text-right tabular-nums">
                  <Cell k={k} v={r[k]} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function Cell({ k, v }: { k: string; v: unknown }) {
  if (v === undefined) return <span className="text-muted-foreground">—</span>;
  if (k === 'months' && isObj(v)) return <>{monthOverrides(v as Record<string, number>)}</>;
  if (isTable(v)) return <Bands rows={v} />;
  if (isObj(v)) return <Figures data={v} />;
  return <>{formatFigure(unitOf(k, v), v)}</>;
}
