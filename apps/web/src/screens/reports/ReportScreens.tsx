// The report screens: the register picker (/outlet/various-registertype-report), a register
// (/outlet/various-registertype-report/:reportId, each its own menu) and the bonus report
// (/outlet/employee-bonus-report), all drawn by ReportView from the report's declaration.
import { FileSpreadsheet } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { useReportMeta, useReports } from './api';
import { ReportView } from './ReportView';

export const REGISTERS_PATH = '/outlet/various-registertype-report';

/** The reports' screen for a report id: its description, then the report. */
function ReportById({ id, actions }: { id: string; actions?: React.ReactNode }) {
  const meta = useReportMeta(id);
  if (meta.isLoading) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!meta.data) {
    return (
      <EmptyState
        title="This report is not available"
        description={(meta.error as { message?: string } | null)?.message ?? 'Unknown report'}
      />
    );
  }
  // A new key when the report changes: its filters start afresh.
  return <ReportView key={meta.data.id} meta={meta.data} actions={actions} />;
}

/** The registers the user's role holds, to choose one. */
export function RegisterPickerScreen() {
  const registers = useReports('register');
  const list = registers.data ?? [];
  return (
    <div>
      <PageHeader title="Various Register Types" description="The statutory and payroll registers, with Excel and PDF exports." />
      {registers.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No register is open to your role" description="Ask an administrator to grant the registers you need." />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="register-picker">
          {list.map((r) => (
            <Link
              key={r.id}
              to={`${REGISTERS_PATH}/${r.id}`}
              className="block focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Card className="h-full p-4 transition-colors hover:bg-muted/50">
                <div className="flex items-start gap-3">
                  <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div className="space-y-1">
                    <div className="font-medium">{r.title}</div>
                    <p className="text-sm text-muted-foreground">{r.description}</p>
                  </div>
                </div>
              </Card>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

/** One register, with a picker to switch to another the role holds. */
export function RegisterReportScreen() {
  const { reportId = '' } = useParams();
  const navigate = useNavigate();
  const registers = useReports('register').data ?? [];
  const picker = (
    <select
      aria-label="Register"
      className="h-9 max-w-64 rounded-md border border-input bg-background px-2 text-sm"
      value={reportId}
      onChange={(e) => navigate(`${REGISTERS_PATH}/${e.target.value}`)}
    >
      {!registers.some((r) => r.id === reportId) && <option value={reportId}>{reportId}</option>}
      {registers.map((r) => (
        <option key={r.id} value={r.id}>
          {r.title}
        </option>
      ))}
    </select>
  );
  return <ReportById id={reportId} actions={picker} />;
}

/** Bonus by unit, department and employee for a financial year (Code on Wages Part IV; Form C of the Payment of Bonus Rules before it). */
export function BonusReportScreen() {
  return <ReportById id="employee-bonus" />;
}
