/// <reference lib="webworker" />
// The documents Web Worker: builds PDFs off the main thread so the tab stays responsive while a
// thousand payslips are laid out.
import { type PdfJob, runPdfJob } from './job';

type Request = { id: number; job: PdfJob };

self.onmessage = async (event: MessageEvent<Request>) => {
  const { id, job } = event.data;
  try {
    const result = await runPdfJob(job);
    (self as unknown as Worker).postMessage({ id, ok: true, result }, [result.bytes.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      id,
      ok: false,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
};
