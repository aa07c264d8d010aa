import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe, TribeMember } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useTribeMembers, useTribeVillages } from '../api';
import { membershipFlags } from '../../../lib/membership';
import { useTribeMapData } from '../use-tribe-map-data';
import { EmptyState } from '../../../components/empty-state';
import { TribesMap } from './lazy-map';
import { WhenNearViewport } from '../../../components/when-near-viewport';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { MemberRow } from './member-row';
import { VillageRow } from './village-row';
import { dateTimeFormat } from '../../../lib/intl';

const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;

export function AboutPanel({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const map = useTribeMapData(tribe);
  const since = dateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(tribe.created_at));
  const mapLabel = t('tribes.about.mapLabel', { name: tribe.name });
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h2" sx={h2} gutterBottom>
          {t('tribes.about.title')}
        </Typography>
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }} color={tribe.description ? 'text.primary' : 'text.secondary'}>
          {tribe.description || t('tribes.about.noDescription')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('tribes.about.since', { date: since })}
        </Typography>
      </Paper>
      {/* Below the fold on a phone: Leaflet, its set-up and its tiles wait until the map is scrolled near. */}
      <WhenNearViewport height={320} label={mapLabel}>
        <TribesMap tribes={map.tribes} villages={map.villages} label={mapLabel} height={320} />
      </WhenNearViewport>
    </Stack>
  );
}

/** `memberActions`: what the page puts at the end of each member's row (e.g. "Message", from another feature). */
export function MembersPanel({ tribe, memberActions }: { tribe: Tribe; memberActions?: (member: TribeMember) => ReactNode }) {
  const { t } = useTranslation();
  const q = useTribeMembers(tribe.id, 'active');
  const members = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={h2}>
        {t('tribes.members.title')}
      </Typography>
      {q.isPending ? (
        <ListSkeleton rows={3} height={72} />
      ) : members.length === 0 ? (
        <EmptyState icon={GroupsOutlinedIcon} title={t('tribes.members.empty')} headingLevel="h3" />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('tribes.members.title')}>
            {members.map((m) => (
              <MemberRow key={m.user.id} member={m} actions={memberActions?.(m)} />
            ))}
          </List>
        </Paper>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}

export function VillagesPanel({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const f = membershipFlags(tribe);
  const approved = useTribeVillages(tribe.id, 'approved');
  // Members see their own villages awaiting review; moderators see every pending one.
  const pending = useTribeVillages(tribe.id, 'pending', f.isMember);
  const villages = approved.data?.pages.flatMap((p) => p.items) ?? [];
  const waiting = pending.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Stack
        useFlexGap
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        spacing={2}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h2" sx={h2}>
          {t('tribes.villages.title')}
        </Typography>
        {f.isMember && (
          <Button
            component={RouterLocaleLink}
            to={`/register-village?tribe=${encodeURIComponent(tribe.slug)}`}
            variant="contained"
            size="small"
            startIcon={<AddLocationAltOutlinedIcon />}
          >
            {t('tribes.villages.register')}
          </Button>
        )}
      </Stack>
      {approved.isPending ? (
        <ListSkeleton rows={2} height={72} />
      ) : villages.length === 0 ? (
        <EmptyState
          icon={HomeWorkOutlinedIcon}
          title={t('tribes.villages.empty')}
          body={f.isMember ? t('tribes.villages.emptyMember') : undefined}
          headingLevel="h3"
        />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('tribes.villages.title')}>
            {villages.map((v) => (
              <VillageRow key={v.id} village={v} />
            ))}
          </List>
        </Paper>
      )}
      <LoadMore
        hasMore={Boolean(approved.hasNextPage)}
        loading={approved.isFetchingNextPage}
        onMore={() => void approved.fetchNextPage()}
      />
      {waiting.length > 0 && (
        <>
          <Typography variant="h3" sx={{ ...h2, fontSize: '1rem' }}>
            {t('tribes.villages.awaiting')}
          </Typography>
          <Paper variant="outlined">
            <List aria-label={t('tribes.villages.awaiting')}>
              {waiting.map((v) => (
                <VillageRow key={v.id} village={v} />
              ))}
            </List>
          </Paper>
        </>
      )}
    </Stack>
  );
}
