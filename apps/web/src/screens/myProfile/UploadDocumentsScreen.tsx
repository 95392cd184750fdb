import { UserX } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useMyEmployee } from '../transaction/employee/api';
import { DocumentsPanel } from '../transaction/employee/DocumentsPanel';

/** /outlet/myProfile/upload-documents: the signed-in employee's own documents. */
export default function UploadDocumentsScreen() {
  const { menu, actions } = useCurrentMenu('/outlet/myProfile/upload-documents');
  const me = useMyEmployee();
  if (me.isError)
    return (
      <EmptyState
        icon={<UserX />}
        title="No employee record"
        description="Your sign-in is not linked to an employee record. Ask the HR office to link it."
      />
    );
  if (!me.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Upload Documents'}
        description="PDF, JPEG or PNG. Your unit decides which documents are mandatory; your manager and the HR office can see them."
      />
      <DocumentsPanel employeeId={me.data.id} canUpload={actions.add} canDelete={actions.delete} />
    </div>
  );
}
