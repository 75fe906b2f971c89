import { isLimitedPartner } from '@contract/roles';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GpDocuments } from './gp-documents';
import { LpDocuments } from './lp-documents';
import './documents.css';

/** /documents (docs/product.md "Documents"): an LP's own documents, or the GP's filing and receipts. */
export function DocumentsPage() {
  useDocumentTitle('Documents');
  const session = useSession();
  return (
    <div className="page dashboard documents">
      <header className="dashboard__header">
        <h1 className="page__title dashboard__title">Documents</h1>
      </header>
      {isLimitedPartner(session?.role) ? <LpDocuments /> : <GpDocuments />}
    </div>
  );
}
