// The salary run of a unit and month: draft → processed → approved → locked. What the run's files export, from one
// place: its row (run-record.ts), its view (run-view.ts), creating and processing it (run-process.ts, saving in
// run-persist.ts), its approval kind (run-approval-kind.ts) and its state after processing (run-state.ts).
export { makersOf, salaryRunApproval } from './run-approval-kind';
export { persistRun } from './run-persist';
export { createRun, processRunJob, startProcess } from './run-process';
export { activeJob, assertMonthOpen, loadRun, type RunRow, runSummary } from './run-record';
export { approveRun, lockRun, setRunPaymentDate, unlockRun } from './run-state';
export { runView } from './run-view';
