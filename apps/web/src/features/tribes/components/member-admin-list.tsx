import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TRIBE_ROLES, type MembershipStatus, type TribeRole } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import type { Tribe } from '@tribes/shared';
import { useTribeMembers } from '../api';
import type { useMemberAdmin } from '../use-member-admin';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { MemberRow } from './member-row';

type Admin = ReturnType<typeof useMemberAdmin>;

/** One list of the settings page: requests (approve/refuse), members (role, ban) or banned (unban). */
export function MemberAdminList({ tribe, status, admin }: { tribe: Tribe; status: MembershipStatus; admin: Admin }) {
  const { t } = useTranslation();
  const q = useTribeMembers(tribe.id, status);
  const members = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (q.isPending) return <ListSkeleton rows={3} height={72} />;
  if (members.length === 0)
    return <EmptyState icon={GroupsOutlinedIcon} title={t(`tribes.settings.empty_${status}`)} headingLevel="h2" />;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <List aria-label={t(`tribes.settings.tab_${status}`)}>
          {members.map((m) => (
            <MemberRow
              key={m.user.id}
              member={m}
              actions={
                !admin.canActOn(m) ? undefined : status === 'pending' ? (
                  <>
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => admin.approve(m)}
                      disabled={admin.busy}
                      aria-label={t('tribes.settings.approveNamed', { name: m.user.name })}
                      data-testid="approve-member"
                    >
                      {t('tribes.settings.approve')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => admin.askRefuse(m)}
                      disabled={admin.busy}
                      aria-label={t('tribes.settings.refuseNamed', { name: m.user.name })}
                    >
                      {t('tribes.settings.refuse')}
                    </Button>
                  </>
                ) : status === 'active' ? (
                  <>
                    {admin.canChangeRole(m) && (
                      <TextField
                        select
                        size="small"
                        label={t('tribes.settings.role')}
                        value={m.role}
                        onChange={(e) => admin.setRole(m, e.target.value as TribeRole)}
                        disabled={admin.busy}
                        id={`role-${m.user.id}`}
                        slotProps={{
                          select: { inputProps: { 'aria-label': t('tribes.settings.roleOf', { name: m.user.name }) } },
                        }}
                        sx={{ minWidth: 140 }}
                      >
                        {TRIBE_ROLES.map((r) => (
                          <MenuItem key={r} value={r}>
                            {t(`tribes.roles.${r}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      onClick={() => admin.askBan(m)}
                      disabled={admin.busy}
                      aria-label={t('tribes.settings.banNamed', { name: m.user.name })}
                      data-testid="ban-member"
                    >
                      {t('tribes.settings.ban')}
                    </Button>
                  </>
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => admin.unban(m)}
                    disabled={admin.busy}
                    aria-label={t('tribes.settings.unbanNamed', { name: m.user.name })}
                  >
                    {t('tribes.settings.unban')}
                  </Button>
                )
              }
            />
          ))}
        </List>
      </Paper>
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}
