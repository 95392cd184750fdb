// Fault-injection points for the crash tests only (test/crash, test/nodes/two-processes): a long write can be held
// open inside its transaction, so a test can kill the process there whatever the machine's speed. Read once, here:
// the one read of `process.env` outside config.ts. Unset (every real start), the hold is nothing.
const HOLD_MS = {
  payroll: Number(process.env.HR_TEST_PAYROLL_SAVE_DELAY_MS ?? 0) || 0,
  import: Number(process.env.HR_TEST_IMPORT_SAVE_DELAY_MS ?? 0) || 0,
  /** The import between its checks and its saving, outside any transaction (the SIGTERM test stops it there). */
  importChecked: Number(process.env.HR_TEST_IMPORT_CHECKED_DELAY_MS ?? 0) || 0,
} as const;

/** Holds the caller for the test's delay: inside a saving transaction (payroll, import), or between steps. */
export async function holdForCrashTest(kind: keyof typeof HOLD_MS): Promise<void> {
  const ms = HOLD_MS[kind];
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}
