// One measurement for bench/documents.bench.ts, in a process of its own so its peak memory is its
// own: builds N generated payslips (default 1,000) into one PDF and prints JSON on stdout. The batch is
// drawn straight onto pdfkit (renderPayslipPdf, as a Node job builds it); `pdfmake` as the second argument
// measures the pdfmake definition rendered 50 pages at a time instead (the browser's way, and Node's before).
import { buildPayslipDoc, generateSalaryRecords } from '../src/index';
import { renderPayslipPdf, renderPdf } from '../src/node';

const count = Number(process.argv[2] ?? 1000);
const viaPdfmake = process.argv[3] === 'pdfmake';
const records = generateSalaryRecords(count);
const cpu = process.cpuUsage();
const started = performance.now();
const pdf = viaPdfmake ? await renderPdf(buildPayslipDoc(records), { chunkSize: 50 }) : await renderPayslipPdf(records);
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({ count, ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), bytes: pdf.length, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
);
