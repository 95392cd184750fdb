import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Download, FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useDocuments } from './api';

const KIND = { pdf: 'PDF', jpg: 'JPEG', png: 'PNG' } as Record<string, string>;
const size = (b: number) => (b < 1024 * 1024 ? `${Math.max(1, Math.round(b / 1024))} KB` : `${(b / 1024 / 1024).toFixed(1)} MB`);

/** The employee's documents: what the unit requires, what is missing, upload / download / delete. */
export function DocumentsPanel({ employeeId, canUpload, canDelete }: { employeeId: number; canUpload: boolean; canDelete: boolean }) {
  const docs = useDocuments(employeeId);
  const queryClient = useQueryClient();
  const [docTypeId, setDocTypeId] = useState<number | ''>('');
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const data = docs.data;
  const type = data?.docTypes.find((t) => t.id === docTypeId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['employees', 'documents', employeeId] });

  const upload = async (file: File | undefined) => {
    if (!file || !docTypeId) return;
    setProgress(0);
    try {
      await uploadFile(withQuery(apiPath('/api/employees/:id/documents', { id: employeeId }), { docTypeId }), file, setProgress);
      toast({ variant: 'success', title: 'Uploaded', description: `${type?.name ?? 'Document'} saved` });
      await refresh();
    } catch {
      // toast shown
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (id: number) => {
    try {
      await api.delete(apiPath('/api/employee-documents/:id', { id }));
      toast({ variant: 'success', title: 'Document removed' });
      await refresh();
    } catch {
      // toast shown
    }
  };

  if (!data) return <p className="text-sm text-muted-foreground">Loading documents…</p>;
  return (
    <div className="space-y-5" data-testid="documents-panel">
      {data.missingMandatory.length > 0 ? (
        <Alert variant="destructive" data-testid="missing-documents">
          <AlertTriangle />
          <AlertTitle>Mandatory documents missing</AlertTitle>
          <AlertDescription>{data.missingMandatory.map((m) => m.docTypeName).join(', ')}</AlertDescription>
        </Alert>
      ) : data.required.some((r) => r.isMandatory) ? (
        <Alert>
          <CheckCircle2 className="text-success" />
          <AlertTitle>All mandatory documents are uploaded</AlertTitle>
        </Alert>
      ) : null}

      {data.required.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {data.required.map((r) => (
            <Badge key={r.docTypeId} variant={r.uploaded ? 'success' : r.isMandatory ? 'destructive' : 'outline'}>
              {r.uploaded ? <CheckCircle2 /> : null}
              {r.docTypeName}
              {r.isMandatory ? ' *' : ''}
            </Badge>
          ))}
        </div>
      )}

      {canUpload && (
        <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 sm:flex-row sm:items-end">
          <label className="grid flex-1 gap-2 text-sm font-medium">
            Document type
            <select
              className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              value={docTypeId}
              data-testid="doc-type"
              onChange={(e) => setDocTypeId(e.target.value ? Number(e.target.value) : '')}
            >
              <option value="">Choose a document type…</option>
              {data.docTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            {type && (
              <span className="text-xs font-normal text-muted-foreground">
                {type.allowed.map((k) => KIND[k] ?? k).join(', ')} · up to {size(type.maxBytes)}
              </span>
            )}
          </label>
          <Button disabled={!docTypeId || progress !== null} onClick={() => input.current?.click()} data-testid="upload-document">
            <Upload /> {progress !== null ? `Uploading ${Math.round(progress * 100)}%` : 'Upload file'}
          </Button>
          <input
            ref={input}
            type="file"
            className="hidden"
            accept={
              type
                ? type.allowed.map((k) => (k === 'pdf' ? 'application/pdf' : k === 'png' ? 'image/png' : 'image/jpeg')).join(',')
                : undefined
            }
            data-testid="document-file"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </div>
      )}

      {data.documents.length === 0 ? (
        <EmptyState icon={<FileText />} title="No documents yet" description="Uploaded files appear here." />
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead>File</TableHead>
                <TableHead>Size</TableHead>
                <TableHead>Uploaded</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.documents.map((d) => (
                <TableRow key={d.id} data-testid="document-row">
                  <TableCell className="font-medium">{d.docTypeName}</TableCell>
                  <TableCell className="max-w-64 truncate">{d.fileName}</TableCell>
                  <TableCell>{size(d.sizeBytes)}</TableCell>
                  <TableCell className="text-muted-foreground">
                    {formatDateTime(d.uploadedAt)}
                    {d.uploadedByName ? ` · ${d.uploadedByName}` : ''}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label="Download"
                      onClick={() => void downloadFile(apiPath('/api/employee-documents/:id/download', { id: d.id }), d.fileName)}
                    >
                      <Download />
                    </Button>
                    {canDelete && (
                      <Button variant="ghost" size="icon-sm" aria-label="Delete document" onClick={() => void remove(d.id)}>
                        <Trash2 className="text-destructive" />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
