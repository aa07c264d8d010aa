import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminAudit } from '../features/admin/components/audit';

/** /admin/audit: the append-only log of every operator act. */
export default function AdminAuditPage() {
  return (
    <AdminFrame section="audit">
      <AdminAudit />
    </AdminFrame>
  );
}
