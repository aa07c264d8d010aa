import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { ListSkeleton } from '../components/list-skeleton';
import { LoadMore } from '../components/load-more';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { TribeSettingsFrame } from '../features/tribes/components/tribe-settings-frame';
import { VillageRow } from '../features/tribes/components/village-row';
import { useLeaderSettings } from '../features/tribes/use-leader-settings';

const h2 = { fontSize: '1.25rem', fontWeight: 700 } as const;

function LeaderSettings({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const s = useLeaderSettings(tribe);
  return (
    <TribeSettingsFrame
      tribe={tribe}
      titleKey="pages.tribeSettingLeader"
      allowed={s.isLeader}
      deniedKey="tribes.settings.deniedLeaders"
    >
      <Stack spacing={4}>
        <Stack spacing={2} component="section" aria-labelledby="villages-review-title">
          <Typography id="villages-review-title" variant="h2" sx={h2}>
            {t('tribes.leader.villagesTitle')}
          </Typography>
          <Typography color="text.secondary">{t('tribes.leader.villagesIntro')}</Typography>
          {s.villagesLoading ? (
            <ListSkeleton rows={2} height={72} />
          ) : s.pending.length === 0 ? (
            <EmptyState icon={HomeWorkOutlinedIcon} title={t('tribes.leader.villagesEmpty')} headingLevel="h3" />
          ) : (
            <Paper variant="outlined">
              <List aria-labelledby="villages-review-title">
                {s.pending.map((v) => (
                  <VillageRow
                    key={v.id}
                    village={v}
                    actions={
                      <>
                        <Button
                          size="small"
                          variant="contained"
                          onClick={() => s.approve(v)}
                          disabled={s.reviewing}
                          aria-label={t('tribes.leader.approveNamed', { name: v.name })}
                          data-testid="approve-village"
                        >
                          {t('tribes.leader.approve')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => s.askReject(v)}
                          disabled={s.reviewing}
                          aria-label={t('tribes.leader.rejectNamed', { name: v.name })}
                          data-testid="reject-village"
                        >
                          {t('tribes.leader.reject')}
                        </Button>
                      </>
                    }
                  />
                ))}
              </List>
            </Paper>
          )}
          <LoadMore {...s.moreVillages} />
        </Stack>

        <Stack spacing={2} component="section" aria-labelledby="handover-title">
          <Typography id="handover-title" variant="h2" sx={h2}>
            {t('tribes.leader.handoverTitle')}
          </Typography>
          <Typography color="text.secondary">{t('tribes.leader.handoverIntro')}</Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            {s.membersLoading ? (
              <ListSkeleton rows={1} height={64} />
            ) : s.candidates.length === 0 ? (
              <Typography color="text.secondary">{t('tribes.leader.handoverNobody')}</Typography>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
                <TextField
                  select
                  label={t('tribes.leader.successor')}
                  value={s.successor}
                  onChange={(e) => s.setSuccessor(e.target.value)}
                  sx={{ minWidth: 240 }}
                  id="handover-successor"
                >
                  {s.candidates.map((m) => (
                    <MenuItem key={m.user.id} value={m.user.id}>
                      <bdi>{m.user.name}</bdi>
                      {m.role !== 'member' ? ` (${t(`tribes.roles.${m.role}`)})` : ''}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  variant="contained"
                  color="error"
                  disabled={!s.successor || s.handingOver}
                  onClick={s.askHandover}
                  data-testid="handover-open"
                >
                  {t('tribes.leader.handover')}
                </Button>
              </Stack>
            )}
            <LoadMore {...s.moreMembers} />
          </Paper>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={s.rejectSubject !== null}
        title={t('tribes.leader.rejectTitle', { name: s.rejectSubject?.name ?? '' })}
        body={t('tribes.leader.rejectBody')}
        confirmLabel={t('tribes.leader.reject')}
        onConfirm={() => void s.confirmReject()}
        onClose={s.closeReject}
        pending={s.reviewing}
      />
      <ConfirmDialog
        open={s.handoverOpen}
        title={t('tribes.leader.handoverConfirmTitle', { name: s.successorName })}
        body={t('tribes.leader.handoverConfirmBody', { name: s.successorName })}
        confirmLabel={t('tribes.leader.handover')}
        onConfirm={() => void s.confirmHandover()}
        onClose={s.closeHandover}
        pending={s.handingOver}
      />
    </TribeSettingsFrame>
  );
}

/** /tribes/setting/leader/{id}: approve or reject villages; hand over leadership. */
export default function TribeSettingLeaderPage() {
  const { id } = useParams();
  return <TribeGate tribeRef={id}>{(tribe) => <LeaderSettings tribe={tribe} />}</TribeGate>;
}
