// Every report of the product, each declared once (defineReport) in its file, listed here in the reports screen's
// order; the reports module's manifest registers the list (the statutory registers pf, esi, pt and lwf have their
// menus registerPf… in MENU and the Registers module of the menu seed).
import { attendanceRegisterReport, shiftCompareReport, shiftCompareSummaryReport } from './attendance/reports';
import type { ReportDef } from './define';
import { arrears } from './registers/arrears';
import { formD } from './registers/attendance';
import { bonusReport } from './registers/bonus';
import { formA, headcount, joinersLeavers } from './registers/employees';
import { esiRegister } from './registers/esi';
import { form24q } from './registers/form24q';
import { form24qAnnexure2 } from './registers/form24q-annexure2';
import { leaveRegister } from './registers/leave';
import { advanceOutstanding, formC } from './registers/loans';
import { lwfRegister } from './registers/lwf';
import { pfRegister } from './registers/pf';
import { ptRegister } from './registers/pt';
import { formB, salaryRegister } from './registers/wages';

export const REPORTS: readonly ReportDef[] = [
  attendanceRegisterReport,
  shiftCompareReport,
  shiftCompareSummaryReport,
  formD,
  bonusReport,
  formA,
  joinersLeavers,
  headcount,
  esiRegister,
  form24q,
  form24qAnnexure2,
  leaveRegister,
  formC,
  advanceOutstanding,
  lwfRegister,
  pfRegister,
  ptRegister,
  salaryRegister,
  formB,
  arrears,
];
