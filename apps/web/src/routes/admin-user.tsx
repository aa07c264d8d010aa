import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminFrame } from '../features/admin/components/admin-frame';
import { AdminUserDetail } from '../features/admin/components/user-detail';

/** /admin/users/:id: one person, their tribes and moderation history; suspend or lift. */
export default function AdminUserPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  return (
    <AdminFrame section="users" title={t('admin.users.detail')}>
      <AdminUserDetail key={id} id={id} />
    </AdminFrame>
  );
}
