// One measurement for bench/documents.bench.ts, in a process of its own so its peak memory is its
// own: builds N generated payslips (default 1,000) into one PDF and prints JSON on stdout. The batch is
// drawn straight onto pdfkit by the one payslip renderer (renderPayslipPdf, as a Node job builds it).
import { generateSalaryRecords } from '../src/index';
import { nodePainterEnv, renderPayslipPdf } from '../src/node';

const count = Number(process.argv[2] ?? 1000);
const records = generateSalaryRecords(count);
// pdfkit and the fonts load once per server process, before its first batch: not part of a batch's cost.
nodePainterEnv();
const cpu = process.cpuUsage();
const started = performance.now();
const pdf = await renderPayslipPdf(records);
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({ count, ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), bytes: pdf.length, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
);
