// Runs PDF jobs in the documents Web Worker, falling back to the page when a worker cannot start.
import type { PdfJob, PdfResult } from './job';

type Reply = { id: number; ok: true; result: PdfResult } | { id: number; ok: false; error: string };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (r: PdfResult) => void; reject: (e: Error) => void }>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module', name: 'documents' });
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(reply.error));
    };
    worker.onerror = (event) => {
      // The worker could not load or crashed: fail what is pending, use the page from now on.
      for (const waiter of pending.values()) waiter.reject(new Error(event.message || 'documents worker failed'));
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

/** Builds the PDF of a job off the main thread when it can. */
export async function renderPdf(job: PdfJob): Promise<PdfResult> {
  const w = startWorker();
  if (!w) return (await import('./job')).runPdfJob(job);
  const id = nextId++;
  return new Promise<PdfResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, job });
  });
}

/** Saves a PDF under a file name, straight to the downloads (what pdfmake's download() does). */
export function saveFile(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Shows a PDF in a window opened earlier (what pdfmake's open() does). */
export function showInWindow(win: Window, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  win.location.href = url;
}
