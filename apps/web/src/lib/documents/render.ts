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

/**
 * Shows a PDF in a window opened earlier (what pdfmake's open() does). With a file name, the window is a
 * small viewer titled with that name whose Save link downloads under it: a bare blob: address would make
 * the browser save the PDF under a random name.
 */
export function showInWindow(win: Window, bytes: Uint8Array, fileName?: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  if (!fileName) {
    win.location.href = url;
    return;
  }
  const doc = win.document;
  doc.title = fileName;
  doc.body.replaceChildren();
  doc.body.style.cssText = 'margin:0;height:100vh;display:flex;flex-direction:column;font:14px system-ui,sans-serif';
  const bar = doc.createElement('div');
  bar.style.cssText = 'display:flex;align-items:center;gap:12px;padding:8px 12px;background:#f4f4f5;border-bottom:1px solid #d4d4d8';
  const name = doc.createElement('span');
  name.textContent = fileName;
  name.style.cssText = 'flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap';
  const save = doc.createElement('a');
  save.href = url;
  save.download = fileName;
  save.textContent = 'Save PDF';
  save.dataset.testid = 'save-pdf';
  save.style.cssText = 'padding:6px 12px;border-radius:6px;background:#18181b;color:#fff;text-decoration:none';
  bar.append(name, save);
  const frame = doc.createElement('iframe');
  frame.src = url;
  frame.title = fileName;
  frame.style.cssText = 'flex:1;width:100%;border:0';
  doc.body.append(bar, frame);
}
