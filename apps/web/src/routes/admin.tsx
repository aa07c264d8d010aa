import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminDashboard } from '../features/admin/components/dashboard';

/** /admin: the operators' console, its dashboard of the site's figures (DESIGN 11.2). */
export default function AdminDashboardPage() {
  return (
    <AdminFrame section="dashboard">
      <AdminDashboard />
    </AdminFrame>
  );
}
