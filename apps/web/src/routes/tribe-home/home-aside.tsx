import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../components/locale-link';
import { AsideCard } from '../../components/page-columns';
import { useMyTribes } from '../../lib/session/use-my-tribes';
import { useTribeList } from '../../features/tribes/api';

const SHOWN = 5;
/** How many rows "My tribes" holds while it loads: most members belong to a few tribes. */
const MINE_WHILE_LOADING = 2;

function TribeLinks({ tribes, testId }: { tribes: Tribe[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding data-testid={testId}>
      {tribes.map((tr) => (
        <ListItem key={tr.id} disablePadding>
          <ListItemButton
            component={RouterLocaleLink}
            to={`/tribes/${encodeURIComponent(tr.slug)}`}
            sx={{ borderRadius: 1, minHeight: 44, px: 1 }}
          >
            <ListItemAvatar sx={{ minWidth: 48 }}>
              <Avatar
                variant="rounded"
                src={tr.logo_url ?? undefined}
                alt=""
                sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }}
                slotProps={{ img: { loading: 'lazy', width: 36, height: 36 } }}
              >
                {tr.name.slice(0, 1).toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={tr.name}
              secondary={t('tribes.stats.members', { count: tr.member_count, value: tr.member_count })}
              slotProps={{ primary: { dir: 'auto', noWrap: true }, secondary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Rows shaped like `TribeLinks`' (same list, row height, avatar and two lines of text), so the list takes
 * the skeleton's place without moving what follows it.
 */
function TribeLinksSkeleton({ rows }: { rows: number }) {
  return (
    <List dense disablePadding aria-hidden data-testid="tribe-links-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <ListItem key={i} disablePadding sx={{ minHeight: 44, px: 1, py: 0.5 }}>
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Skeleton variant="rounded" width={36} height={36} />
          </ListItemAvatar>
          <ListItemText primary={<Skeleton width="70%" />} secondary={<Skeleton width="40%" />} />
        </ListItem>
      ))}
    </List>
  );
}

/** My tribes, for the side column of /home. */
export function MyTribesCard() {
  const { t } = useTranslation();
  const mine = useMyTribes();
  const tribes = mine.data ?? [];
  return (
    <AsideCard title={t('tribeHome.home.mine')} testId="aside-my-tribes">
      {mine.isPending ? (
        <TribeLinksSkeleton rows={MINE_WHILE_LOADING} />
      ) : tribes.length === 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('tribeHome.home.noneYet')}
          </Typography>
          <Button component={RouterLocaleLink} to="/tribes" variant="outlined" size="small">
            {t('tribeHome.home.find')}
          </Button>
        </>
      ) : (
        <TribeLinks tribes={tribes.slice(0, SHOWN)} testId="my-tribes" />
      )}
    </AsideCard>
  );
}

/** Tribes I am not in yet, for the side columns of /home and /explore. */
export function DiscoverTribesCard() {
  const { t } = useTranslation();
  const list = useTribeList('');
  const others = (list.data?.pages.flatMap((p) => p.items) ?? [])
    .filter((tr) => tr.my_membership?.status !== 'active')
    .sort((a, b) => b.member_count - a.member_count)
    .slice(0, SHOWN);
  if (list.isSuccess && others.length === 0) return null;
  return (
    <AsideCard title={t('tribeHome.home.discover')} testId="aside-discover">
      {list.isPending ? <TribeLinksSkeleton rows={SHOWN} /> : <TribeLinks tribes={others} testId="discover-tribes" />}
      <Button component={RouterLocaleLink} to="/tribes" size="small" sx={{ mt: 1 }}>
        {t('tribeHome.home.all')}
      </Button>
    </AsideCard>
  );
}

/**
 * The side column of /home: my tribes, then tribes to discover once my tribes are listed. The number of my
 * tribes is unknown until then, so a card below them would be pushed up or down as the list arrives (a layout
 * shift); both lists are asked for at once.
 */
export function HomeAside() {
  const mine = useMyTribes();
  useTribeList('');
  return (
    <>
      <MyTribesCard />
      {!mine.isPending && <DiscoverTribesCard />}
    </>
  );
}
