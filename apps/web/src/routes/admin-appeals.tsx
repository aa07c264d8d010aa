import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminAppeals } from '../features/admin/components/appeals';

/** /admin/appeals: members' appeals, upheld or overturned with a note. */
export default function AdminAppealsPage() {
  return (
    <AdminFrame section="appeals">
      <AdminAppeals />
    </AdminFrame>
  );
}
