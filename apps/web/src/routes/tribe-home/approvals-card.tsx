import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Tribe, TribeApprovals } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../components/locale-link';
import { AsideCard } from '../../components/page-columns';
import { useTribeApprovals } from '../../features/tribes/api';
import { membershipFlags } from '../../lib/membership';

type Waiting = 'joinRequests' | 'villages' | 'expenses';

/** Each kind of waiting work, how many, and where it is acted on (the tribe's id: settings pages take it). */
export function waitingRows(tribe: Pick<Tribe, 'id'>, a: TribeApprovals): { kind: Waiting; count: number; to: string }[] {
  const id = encodeURIComponent(tribe.id);
  const rows: { kind: Waiting; count: number | null; to: string }[] = [
    { kind: 'joinRequests', count: a.join_requests, to: `/tribes/setting/${id}?tab=pending` },
    { kind: 'villages', count: a.villages, to: `/tribes/setting/leader/${id}` },
    { kind: 'expenses', count: a.expenses, to: `/tribes/${id}?tab=treasury` },
  ];
  return rows.filter((r): r is { kind: Waiting; count: number; to: string } => r.count !== null && r.count > 0);
}

/**
 * What waits for a tribe's leaders (and moderators, for join requests): a compact card with counts and
 * links to where each is acted on; "nothing waiting" when all is done; nothing at all for anyone else.
 */
export function ApprovalsCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const { canModerate } = membershipFlags(tribe);
  const q = useTribeApprovals(tribe.id, canModerate);
  if (!canModerate || q.isError) return null;
  const rows = q.data ? waitingRows(tribe, q.data) : [];
  return (
    <AsideCard title={t('tribeHome.approvals.title')} testId="aside-approvals">
      {q.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="approvals-none">
          {t('tribeHome.approvals.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((r) => (
            <ListItem key={r.kind} disablePadding>
              <ListItemButton
                component={RouterLocaleLink}
                to={r.to}
                data-testid={`approvals-${r.kind}`}
                sx={{ borderRadius: 1, minHeight: 44, px: 1 }}
              >
                <ListItemText
                  primary={t(`tribeHome.approvals.${r.kind}`, { count: r.count })}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </AsideCard>
  );
}
