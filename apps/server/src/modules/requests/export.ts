// The allRequest list with its filters as an Excel workbook (streamed; at most EXPORT_LIMIT rows).
import type { ZRequestsQuery } from '@hr/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orgToday } from '../../lib/org-zone';
import { streamXlsx, type XlsxCell, type XlsxColumnType } from '../../lib/xlsx';
import type { AuthContext } from '../access/context';
import { exportRows } from './lists';

const EXPORT_LIMIT = 100_000;

type Row = Awaited<ReturnType<typeof exportRows>>[number];

const COLUMNS: [string, number, (r: Row) => XlsxCell, XlsxColumnType?][] = [
  ['Id', 8, (r) => r.id, 'number'],
  ['Kind', 10, (r) => r.kind],
  ['Status', 11, (r) => r.status],
  ['Employee Code', 14, (r) => r.employeeCode],
  ['Employee', 24, (r) => r.employeeName],
  ['Unit', 18, (r) => r.unitName],
  ['Department', 18, (r) => r.departmentName],
  ['From', 12, (r) => r.fromDate, 'date'],
  ['To', 12, (r) => r.toDate, 'date'],
  ['Days', 7, (r) => r.days, 'number'],
  ['LWOP Days', 10, (r) => r.lwopDays, 'number'],
  ['Leave Type', 18, (r) => r.leaveTypeName],
  ['Balance', 9, (r) => r.balance, 'number'],
  ['Reason', 40, (r) => r.reason],
  ['Visitor', 20, (r) => r.visitorName],
  ['Mobile', 16, (r) => (r.mobile ? `${r.mobileCode ?? ''} ${r.mobile}`.trim() : null)],
  ['Company', 18, (r) => r.company],
  ['Expected Time', 10, (r) => r.expectedTime],
  ['Visitors', 9, (r) => r.visitorCount, 'number'],
  ['Host', 20, (r) => r.hostName],
  ['Raised By', 20, (r) => r.requestedByName],
  ['Raised At', 20, (r) => r.createdAt, 'datetime'],
  ['Decided At', 20, (r) => r.decidedAt, 'datetime'],
  ['Last Remark', 30, (r) => r.history.at(-1)?.remark ?? null],
];

/** The workbook of the requests the caller may see under the list's filters, and its file name. */
export async function requestsWorkbook(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>) {
  const rows = await exportRows(db, auth, q, EXPORT_LIMIT);
  const stream = streamXlsx({
    sheet: 'Requests',
    columns: COLUMNS.map(([header, width, , type]) => ({ header, width, type })),
    rows: (async function* () {
      for (let i = 0; i < rows.length; i += 1000)
        yield rows.slice(i, i + 1000).map((r) => ({ values: COLUMNS.map(([, , value]) => value(r)) }));
    })(),
  });
  return { stream, fileName: `requests_${q.kind ?? 'all'}_${orgToday()}.xlsx` };
}
