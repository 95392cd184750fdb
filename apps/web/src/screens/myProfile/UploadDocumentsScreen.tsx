import { MENU } from '@hr/contract/menus';
import { DocumentsPanel } from '@/components/employee/DocumentsPanel';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { WithMyEmployee } from './MyEmployee';

/** /outlet/myProfile/upload-documents: the signed-in employee's own documents. */
export default function UploadDocumentsScreen() {
  const { menu, actions } = useCurrentMenu(MENU.uploadDocuments);
  return (
    <WithMyEmployee>
      {(e) => (
        <div>
          <PageHeader
            title={menu?.label ?? 'Upload Documents'}
            description="PDF, JPEG or PNG. Your unit decides which documents are mandatory; your manager and the HR office can see them."
          />
          <DocumentsPanel employeeId={e.id} canUpload={actions.add} canDelete={actions.delete} />
        </div>
      )}
    </WithMyEmployee>
  );
}
