import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_USER_STATUSES, MODERATION_LIMITS, type AdminUserStatus } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api';
import { AdminError } from './admin-error';
import { useDateText } from './use-date';

/** The console's people: a search (name, email or phone), a status filter, newest first, page by page. */
export function AdminUsers() {
  const { t } = useTranslation();
  const date = useDateText();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AdminUserStatus | ''>('');
  const query = useDebouncedValue(q.trim(), 300);
  const users = useAdminUsers(query, status);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="search">
        <TextField
          type="search"
          label={t('admin.users.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.searchMax, 'data-testid': 'admin-user-search' } }}
        />
        <TextField
          select
          label={t('admin.users.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as AdminUserStatus | '')}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'admin-user-status' } } }}
        >
          <MenuItem value="">{t('admin.users.anyStatus')}</MenuItem>
          {ADMIN_USER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`admin.users.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {users.isPending ? (
        <ListSkeleton rows={4} height={64} />
      ) : users.isError ? (
        <AdminError error={users.error} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={PeopleOutlineIcon} title={t('admin.users.empty')} />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('admin.nav.users')}>
            {items.map((u) => (
              <ListItemButton key={u.id} component={RouterLocaleLink} to={`/admin/users/${u.id}`} data-testid="admin-user">
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <bdi>{u.name}</bdi>
                      {u.status === 'suspended' && (
                        <Chip size="small" color="error" label={t('admin.users.statuses.suspended')} />
                      )}
                      {u.platform_role === 'operator' && <Chip size="small" color="primary" label={t('admin.users.operator')} />}
                    </Stack>
                  }
                  secondary={
                    <>
                      <bdi>{[u.email, u.phone].filter(Boolean).join(' · ')}</bdi>
                      <br />
                      {t('admin.users.joined', { date: date(u.created_at) })}
                      {' · '}
                      {u.last_seen_at ? t('admin.users.lastSeen', { date: date(u.last_seen_at) }) : t('admin.users.neverSeen')}
                    </>
                  }
                  slotProps={{ secondary: { component: 'span', sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      <LoadMore hasMore={users.hasNextPage} loading={users.isFetchingNextPage} onMore={() => void users.fetchNextPage()} />
    </Stack>
  );
}
