import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminUsers } from '../features/admin/components/users';

/** /admin/users: people, searched and filtered by status. */
export default function AdminUsersPage() {
  return (
    <AdminFrame section="users">
      <AdminUsers />
    </AdminFrame>
  );
}
