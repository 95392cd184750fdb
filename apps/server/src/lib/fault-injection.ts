// Fault-injection points for the crash tests only (test/crash, test/hardening, test/nodes): a long write can be held
// open inside its transaction, or a job between its steps, so a test can kill or stop the process exactly there
// whatever the machine's speed. Read once, here: the one read of `process.env` outside config.ts. Unset (every real
// start), a hold is nothing.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HOLD_MS = {
  payroll: Number(process.env.HR_TEST_PAYROLL_SAVE_DELAY_MS ?? 0) || 0,
  import: Number(process.env.HR_TEST_IMPORT_SAVE_DELAY_MS ?? 0) || 0,
  /** The import between its checks and its saving, outside any transaction (the SIGTERM test stops it there). */
  importChecked: Number(process.env.HR_TEST_IMPORT_CHECKED_DELAY_MS ?? 0) || 0,
  /** A device's ATTLOG batch inside its transaction, its punches written (gate only). */
  deviceBatch: 0,
  /** A device's ATTLOG batch committed, its days not yet worked out (gate only). */
  deviceDays: 0,
} as const;

/**
 * A folder the test shares with the process: while `<kind>.gate` is in it, the point writes `<kind>.held` and waits
 * until the test removes the gate (after killing or stopping the process). No clock is involved, so the kill lands in
 * the hold on a loaded machine too.
 */
const HOLD_DIR = process.env.HR_TEST_HOLD_DIR ?? '';

export type CrashPoint = keyof typeof HOLD_MS;

/** Holds the caller at a crash point: while the test's gate is there, else for the test's delay; else not at all. */
export async function holdForCrashTest(kind: CrashPoint): Promise<void> {
  if (HOLD_DIR) {
    const gate = path.join(HOLD_DIR, `${kind}.gate`);
    if (existsSync(gate)) {
      writeFileSync(path.join(HOLD_DIR, `${kind}.held`), String(process.pid));
      while (existsSync(gate)) await new Promise((r) => setTimeout(r, 20));
      return;
    }
  }
  const ms = HOLD_MS[kind];
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}
