import { z } from 'zod';
import { ZApprovalHistoryLine } from './approvals';
import { ZIsoDate } from './dates';
import { ZIdQuery, ZSearchText } from './ids';
import { zLine, zLines } from './text';

// The requests API (issue 12): work from home, leave and visitor notifications, raised by staff and decided
// through the approvals module; leave balances (a ledger per employee, leave type and financial year); in-app
// notifications. Paths and field names are a contract for the web app: keep them. Dates 'YYYY-MM-DD', instants
// ISO 8601, local times 'HH:MM'. Day counts are numbers in half days (1, 0.5, 2.5…). A financial year is named by
// the calendar year it starts in (2026 = April 2026 – March 2027), as in the payroll contract.

export const REQUEST_KINDS = ['wfh', 'leave', 'visitor'] as const;
export type TRequestKind = (typeof REQUEST_KINDS)[number];

/** pending → approved / rejected; pending → withdrawn (by the requester); approved → cancelled (before it starts, or by an approver). */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'withdrawn'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Lines of the leave ledger. Days are signed: opening, credit +; debit, lapse, encash −; adjust either way. */
export const LEDGER_KINDS = ['opening', 'credit', 'debit', 'lapse', 'encash', 'adjust'] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];

const isoDate = ZIsoDate('A date (YYYY-MM-DD)');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time (HH:MM)');
const reason = zLines().min(1, 'Give a reason').max(500, 'At most 500 characters');
const ZFinancialYearNumber = z.coerce.number().int().min(2000).max(2100);
/** Half days: a positive or negative multiple of 0.5. */
const halfDays = z
  .number()
  .min(-999)
  .max(999)
  .refine((n) => Number.isInteger(n * 2), 'Whole or half days only');
const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
};
const boolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

// ---- raising ----

/** Work from home: from / to (a half day at either end), reason. */
export const ZRaiseWfh = z.object({
  kind: z.literal('wfh'),
  fromDate: isoDate,
  toDate: isoDate,
  halfDayStart: z.boolean().default(false),
  halfDayEnd: z.boolean().default(false),
  reason,
});

/** Leave: type, from / to, a half day at the start or end, reason, an attachment where the type asks for one. */
export const ZRaiseLeave = z.object({
  kind: z.literal('leave'),
  leaveTypeId: z.number().int().positive(),
  fromDate: isoDate,
  toDate: isoDate,
  halfDayStart: z.boolean().default(false),
  halfDayEnd: z.boolean().default(false),
  reason,
  /** The key `POST /api/requests/attachments` answered (a medical certificate…). */
  attachmentKey: zLine().min(1).max(200).nullish(),
});

/** A visitor notification: who is coming, when, and whom they visit (default: the requester). */
export const ZRaiseVisitor = z.object({
  kind: z.literal('visitor'),
  visitorName: zLine().min(1, 'Enter the visitor’s name').max(150),
  /** The mobile-code look-up's code, e.g. '+91'. */
  mobileCode: zLine().max(6).default('+91'),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{6,15}$/, 'A mobile number (6–15 digits)'),
  company: zLine().max(150).default(''),
  purpose: zLines().min(1, 'Give the purpose of the visit').max(500),
  expectedDate: isoDate,
  expectedTime: clock,
  visitorCount: z.number().int().min(1).max(500).default(1),
  /** The employee visited; default the requester. */
  hostEmployeeId: z.number().int().positive().nullish(),
});

/** `POST /api/requests` */
export const ZRaiseRequest = z.discriminatedUnion('kind', [ZRaiseWfh, ZRaiseLeave, ZRaiseVisitor]);
export type TRaiseRequest = z.input<typeof ZRaiseRequest>;

/** `POST /api/requests/attachments` (multipart, one file 'file', pdf / jpg / png up to 5 MB) → the key to send with the leave. */
export const ZRequestAttachment = z.object({ key: z.string(), name: z.string() });
export type TRequestAttachment = z.infer<typeof ZRequestAttachment>;

// ---- a request ----

export const ZRequest = z.object({
  id: z.number(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  departmentName: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  halfDayStart: z.boolean(),
  halfDayEnd: z.boolean(),
  /** Working days the request takes (leave: holidays and weekly offs left out unless the type's sandwich rule counts them). */
  days: z.number(),
  /** Leave: of `days`, how many are without pay (an unpaid type, or days beyond the balance where the type allows it). */
  lwopDays: z.number(),
  leaveTypeId: z.number().nullable(),
  leaveTypeCode: z.string().nullable(),
  leaveTypeName: z.string().nullable(),
  isPaid: z.boolean().nullable(),
  reason: z.string(),
  /** The attachment's file name; fetched from `GET /api/requests/{id}/attachment`. */
  attachmentName: z.string().nullable(),
  // visitor
  visitorName: z.string().nullable(),
  mobileCode: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
  purpose: z.string().nullable(),
  expectedTime: z.string().nullable(),
  visitorCount: z.number().nullable(),
  hostEmployeeId: z.number().nullable(),
  hostName: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  departedAt: z.string().nullable(),
  // decisions
  approvalId: z.number().nullable(),
  requestedByName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The reason given when cancelled. */
  cancelReason: z.string().nullable(),
  /** What the caller may do now. */
  canApprove: z.boolean(),
  canWithdraw: z.boolean(),
  canCancel: z.boolean(),
  /** Leave, in the allRequest list: the employee's balance of the type (before this request), else null. */
  balance: z.number().nullable(),
  history: z.array(ZApprovalHistoryLine),
});
export type TRequest = z.infer<typeof ZRequest>;

/**
 * A page of requests. `capped`: the filters were counted only up to `total` rows and there are more (the screens
 * show "10,000+"); absent or false, `total` is exact.
 */
export const ZRequestList = z.object({ total: z.number(), capped: z.boolean().optional(), rows: z.array(ZRequest) });
export type TRequestList = z.infer<typeof ZRequestList>;

/** `GET /api/requests/mine?kind=&status=&from=&to=` — one's own requests, newest first. */
export const ZMyRequestsQuery = z.object({
  kind: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...page,
});

export const REQUEST_SORTS = ['pendingFirst', 'fromDate', '-fromDate', 'createdAt', '-createdAt', 'employeeCode'] as const;

/**
 * `GET /api/requests?kind=&status=&unitId=…` — the requests of the caller's units (administrators: all) the
 * caller may act on; `toDecide=true` keeps only those waiting for the caller. Pending first by default.
 * `GET /api/requests/export` takes the same filters and answers an Excel file.
 */
export const ZRequestsQuery = z.object({
  kind: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  unitId: ZIdQuery.optional(),
  departmentId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  leaveTypeId: ZIdQuery.optional(),
  /** Requests overlapping from–to. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Employee code or name. */
  search: ZSearchText.optional(),
  toDecide: boolText,
  sort: z.enum(REQUEST_SORTS).default('pendingFirst'),
  ...page,
});
export type TRequestsQuery = z.input<typeof ZRequestsQuery>;

/** `POST /api/requests/{id}/approve` */
export const ZApproveRequest = z.object({ remark: zLines().max(500).nullish() }).default({});
/** `POST /api/requests/{id}/reject` (a remark is required) */
export const ZRejectRequest = z.object({ remark: zLines().min(1, 'Say why the request is rejected').max(500) });
/** `POST /api/requests/{id}/cancel` — the requester before it starts; an approver with a reason. */
export const ZCancelRequest = z.object({ reason: zLines().max(500).nullish() }).default({});

/** `POST /api/requests/bulk` — approve or reject several; each is decided on its own. */
export const ZBulkDecide = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  action: z.enum(['approve', 'reject']),
  remark: zLines().max(500).nullish(),
});
export const ZBulkDecideResult = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), message: z.string() })),
});
export type TBulkDecideResult = z.infer<typeof ZBulkDecideResult>;

// ---- leave: preview, balances, ledger ----

/** `GET /api/leave/preview?leaveTypeId=&fromDate=&toDate=&halfDayStart=&halfDayEnd=` — what a leave request would take (the form shows it before submitting). */
export const ZLeavePreviewQuery = z.object({
  leaveTypeId: ZIdQuery,
  fromDate: isoDate,
  toDate: isoDate,
  halfDayStart: boolText,
  halfDayEnd: boolText,
});
export const ZLeavePreview = z.object({
  /** Days the request takes. */
  days: z.number(),
  /** The days, each with the portion taken (holidays and weekly offs left out unless sandwiched). */
  dates: z.array(z.object({ day: z.string(), portion: z.number() })),
  /** Available for these dates: the balance less pending requests, plus credits due by the start (monthly accrual). */
  available: z.number(),
  /** Of `days`, without pay. */
  lwopDays: z.number(),
  attachmentRequired: z.boolean(),
  /** Why the request would be refused as it stands (empty: it may be sent). */
  problems: z.array(z.string()),
});
export type TLeavePreview = z.infer<typeof ZLeavePreview>;

export const ZLeaveBalance = z.object({
  leaveTypeId: z.number(),
  leaveTypeName: z.string(),
  leaveTypeCode: z.string(),
  isPaid: z.boolean(),
  /** Opening lines (carried forward, or posted by an administrator). */
  opening: z.number(),
  /** Credits: the yearly allocation or the monthly accrual so far. */
  accrued: z.number(),
  /** Approved leave (debits less returned days). */
  taken: z.number(),
  /** Leave waiting for approval. */
  pending: z.number(),
  /** Days of leave waiting for approval that would be without pay (an unpaid type, or days beyond the balance). */
  pendingLwop: z.number(),
  /** Adjustments (±). */
  adjusted: z.number(),
  /** Days lapsed and encashed at a year end (positive figures). */
  lapsed: z.number(),
  encashed: z.number(),
  /** The sum of the ledger lines: opening + accrued + adjusted − taken − lapsed − encashed. */
  balance: z.number(),
  /** balance − pending: what a new request may take. */
  available: z.number(),
});
export type TLeaveBalance = z.infer<typeof ZLeaveBalance>;

/** `GET /api/leave/balances/me?financialYear=` → per leave type; `GET /api/leave/balances?employeeId=&financialYear=` (managers, administrators). */
export const ZMyBalancesQuery = z.object({ financialYear: ZFinancialYearNumber.optional() });
export const ZBalancesQuery = z.object({ employeeId: ZIdQuery, financialYear: ZFinancialYearNumber.optional() });
export const ZLeaveBalances = z.array(ZLeaveBalance);

export const ZLedgerLine = z.object({
  id: z.number(),
  employeeId: z.number(),
  leaveTypeId: z.number(),
  leaveTypeCode: z.string(),
  financialYear: z.number(),
  kind: z.enum(LEDGER_KINDS),
  days: z.number(),
  reason: z.string(),
  requestId: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;

/** `GET /api/leave/ledger?employeeId=&financialYear=&leaveTypeId=` (own lines, or those of employees in reach). */
export const ZLedgerQuery = z.object({
  employeeId: ZIdQuery.optional(),
  financialYear: ZFinancialYearNumber.optional(),
  leaveTypeId: ZIdQuery.optional(),
});
export const ZLedgerLines = z.array(ZLedgerLine);

/** `POST /api/leave/ledger` (administrators: the leave master's edit action) — an opening balance, a credit, an adjustment, a lapse or encashment. */
export const ZPostLedgerLine = z.object({
  employeeId: z.number().int().positive(),
  leaveTypeId: z.number().int().positive(),
  financialYear: z.number().int().min(2000).max(2100),
  kind: z.enum(['opening', 'credit', 'adjust', 'lapse', 'encash']),
  /** Signed as the kind wants: opening / credit > 0, lapse / encash entered positive (stored negative), adjust ±. */
  days: halfDays,
  reason: zLines().min(1, 'Give a reason').max(300),
});

/** `POST /api/leave/openings/import` (multipart Excel: Employee Code, Leave Code, Days[, Reason]; financialYear in the query). */
export const ZOpeningImportQuery = z.object({ financialYear: ZFinancialYearNumber });
export const ZOpeningImportResult = z.object({
  posted: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type TOpeningImportResult = z.infer<typeof ZOpeningImportResult>;

// ---- visitors at the reception ----

/** `GET /api/visitors?date=` — the expected visitors of a day (default today and tomorrow) in the caller's units. */
export const ZVisitorsQuery = z.object({ date: isoDate.optional(), status: z.enum(REQUEST_STATUSES).optional() });
/** `POST /api/visitors/{id}/arrival`, `/departure`. */
export const ZVisitorMark = z.object({}).default({});

// ---- notifications ----

export const ZNotification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** A screen path of the web app, e.g. '/outlet/allRequest/leave'. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /api/notifications?unreadOnly=` (newest first, paged) */
export const ZNotificationsQuery = z.object({ unreadOnly: boolText, ...page });
export const ZNotificationList = z.object({ total: z.number(), unread: z.number(), rows: z.array(ZNotification) });
export type TNotificationList = z.infer<typeof ZNotificationList>;
/** `GET /api/notifications/unread-count` */
export const ZUnreadCount = z.object({ unread: z.number() });
/** `POST /api/notifications/read` — the given ids, or every one when `all`. */
export const ZMarkRead = z.object({ ids: z.array(z.number().int().positive()).max(500).optional(), all: z.boolean().optional() });

/** `GET /api/requests/hosts?search=&page=&pageSize=`: who may host a visitor (active employees of one's own unit). */
export const ZHostsQuery = z.object({ search: ZSearchText.optional(), ...page });
export const ZHost = z.object({ id: z.number(), name: z.string(), employeeCode: z.string(), departmentName: z.string().nullable() });
export const ZHostList = z.object({ total: z.number(), rows: z.array(ZHost) });
export type THost = z.infer<typeof ZHost>;
export type THostList = z.infer<typeof ZHostList>;
