import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminReports } from '../features/admin/components/reports';

/** /admin/reports: the operators' report queue. */
export default function AdminReportsPage() {
  return (
    <AdminFrame section="reports">
      <AdminReports />
    </AdminFrame>
  );
}
