// A declared line's proof file on the tax declaration screen: its name as a download, and a button to attach one
// (PDF, JPEG or PNG; the server checks the content and the size) or replace it
// (POST / GET /api/payroll/tax-declarations/:employeeId/proofs/:section).
import { Download, Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { useAction } from '@/lib/useAction';

export function ProofFile({
  employeeId,
  financialYear,
  section,
  fileName,
  mayAttach,
  onChanged,
}: {
  employeeId: number;
  financialYear: string;
  section: string;
  fileName: string | null;
  mayAttach: boolean;
  onChanged: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // A failed upload shows its own error toast.
  const attachAction = useAction((file: File) => uploadFile(withQuery(url, { financialYear }), file), {
    success: (_, file) => ({ title: 'Proof attached', description: `${section}: ${file.name}` }),
    onDone: () => onChanged(),
  });
  const busy = attachAction.busy;
  const url = apiPath('/api/payroll/tax-declarations/:employeeId/proofs/:section', { employeeId, section });

  const attach = async (file: File | undefined) => {
    if (!file) return;
    await attachAction.run(file);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex shrink-0 items-center gap-1">
      {fileName && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="max-w-40 truncate px-1"
          title={`Download ${fileName}`}
          onClick={() => downloadFile(url, fileName, { financialYear }).catch(() => {})}
        >
          <Download /> {fileName}
        </Button>
      )}
      {mayAttach && (
        <>
          <input
            ref={input}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            className="hidden"
            aria-label={`${section} proof file`}
            onChange={(e) => attach(e.target.files?.[0])}
          />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Paperclip /> {fileName ? 'Replace proof' : 'Attach proof'}
          </Button>
        </>
      )}
    </div>
  );
}
