import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { downloadPayslips, openSigningSheet, printAdvanceVoucher } from '@/lib/documents';

type Outcome = { what: string; ms: number; longestStallMs: number; fileName?: string | null };

/** Longest gap between animation frames while `work` runs: how long the tab stopped responding. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; longestStallMs: number }> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: Math.round(performance.now() - started), longestStallMs: Math.round(longest) };
  } finally {
    running = false;
  }
}

const samples = () => import('@hr/documents/samples');

/** /outlet/dev/documents (test builds only): calls the three document functions for the end-to-end tests and the bench. */
export default function DocumentsDevScreen() {
  const [count, setCount] = useState(1000);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (what: string, work: () => Promise<string | null | undefined>) => {
    setBusy(true);
    try {
      const { value, ms, longestStallMs } = await measured(work);
      setOutcome({ what, ms, longestStallMs, fileName: value ?? undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mx-auto max-w-2xl" data-testid="documents-dev">
      <CardHeader>
        <CardTitle>Payroll documents (test page)</CardTitle>
        <CardDescription>Builds the payslip, signing sheet and advance voucher from sample records.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => run('sample payslips', async () => downloadPayslips((await samples()).SAMPLE_RECORDS))}>
            Download sample payslips
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run('signing sheet', async () => void (await openSigningSheet((await samples()).SAMPLE_RECORDS)))}
          >
            Open signing sheet
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run('advance voucher', async () => void (await printAdvanceVoucher((await samples()).SAMPLE_ADVANCE)))}
          >
            Print advance voucher
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <Input
            type="number"
            min={1}
            max={5000}
            value={count}
            onChange={(e) => setCount(Number(e.target.value) || 1)}
            className="w-32"
            aria-label="Number of payslips"
          />
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => run(`${count} payslips`, async () => downloadPayslips((await samples()).generateSalaryRecords(count)))}
          >
            Download generated payslips
          </Button>
        </div>
        {outcome && (
          <p
            className="text-sm text-muted-foreground"
            data-testid="documents-result"
            data-ms={outcome.ms}
            data-stall-ms={outcome.longestStallMs}
            data-file-name={outcome.fileName ?? ''}
          >
            {outcome.what}: {outcome.ms} ms, longest main-thread stall {outcome.longestStallMs} ms
            {outcome.fileName ? `, ${outcome.fileName}` : ''}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
