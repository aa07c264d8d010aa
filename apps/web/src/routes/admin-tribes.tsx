import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminTribes } from '../features/admin/components/tribes';

/** /admin/tribes: suspend or lift a tribe by its id. */
export default function AdminTribesPage() {
  return (
    <AdminFrame section="tribes">
      <AdminTribes />
    </AdminFrame>
  );
}
