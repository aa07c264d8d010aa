import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { LocaleLink, RouterLocaleLink } from '../../components/locale-link';
import { AsideCard } from '../../components/page-columns';
import { TribeNextEvents } from '../../features/events/components/next-events';
import { useTribeCourses } from '../../features/learning/api';
import { useTribeCampaigns } from '../../features/money/api';
import { CampaignProgress } from '../../features/money/components/campaign-progress';
import { TribeOnline } from '../../features/realtime/components/tribe-online';
import { useTribeMembers } from '../../features/tribes/api';
import { membershipFlags } from '../../lib/membership';
import { nextLesson } from '../../features/tribe-home/next-lesson';
import { ApprovalsCard } from './approvals-card';

const CAMPAIGNS_SHOWN = 3;
const MEMBERS_SHOWN = 5;

function AboutCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  return (
    <AsideCard title={t('tribeHome.aside.about')} testId="aside-about">
      <Typography
        variant="body2"
        color={tribe.description ? 'text.primary' : 'text.secondary'}
        dir="auto"
        sx={{
          whiteSpace: 'pre-line',
          display: '-webkit-box',
          WebkitLineClamp: 6,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {tribe.description || t('tribeHome.aside.noDescription')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {[
          tribe.region,
          t('tribes.stats.members', { value: tribe.member_count }),
          t('tribes.stats.villages', { value: tribe.village_count }),
        ].join(' · ')}
      </Typography>
    </AsideCard>
  );
}

function CampaignsCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const q = useTribeCampaigns(tribe.slug);
  const open = (q.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => c.status === 'active').slice(0, CAMPAIGNS_SHOWN);
  return (
    <AsideCard title={t('tribeHome.aside.campaigns')} testId="aside-campaigns">
      {q.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : open.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tribeHome.aside.noCampaigns')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {open.map((c) => (
            <Stack key={c.id} spacing={0.75}>
              <Link component={RouterLocaleLink} to={`/tribes/campaign/detail/${c.id}`} sx={{ fontWeight: 600 }} dir="auto">
                {c.title}
              </Link>
              <CampaignProgress campaign={c} />
            </Stack>
          ))}
        </Stack>
      )}
    </AsideCard>
  );
}

function NextLessonCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const q = useTribeCourses(tribe.slug);
  if (q.isPending) {
    return (
      <AsideCard title={t('tribeHome.aside.learn')} testId="aside-learn">
        <Skeleton variant="rounded" height={40} />
      </AsideCard>
    );
  }
  const next = nextLesson(q.data?.pages.flatMap((p) => p.items) ?? []);
  if (!next) return null;
  return (
    <AsideCard title={t('tribeHome.aside.learn')} testId="aside-learn">
      <Typography variant="body2" color="text.secondary" dir="auto">
        {next.course.title}
        {next.kind === 'continue' ? ` · ${t('tribeHome.aside.progress', { value: next.course.progress })}` : ''}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, my: 0.5 }} dir="auto">
        {next.kind === 'continue' ? next.lessonTitle : t('tribeHome.aside.startCourse')}
      </Typography>
      <Button
        component={RouterLocaleLink}
        to={
          next.kind === 'continue'
            ? `/tribe/learning-center/lesson/${next.lessonId}`
            : `/tribe/learning-center/course/${next.course.id}`
        }
        size="small"
        variant="outlined"
        data-testid="aside-next-lesson"
        sx={{ minHeight: 36 }}
      >
        {next.kind === 'continue' ? t('tribeHome.aside.continue') : t('tribeHome.aside.open')}
      </Button>
    </AsideCard>
  );
}

function NewestMembersCard({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const { isMember } = membershipFlags(tribe);
  const q = useTribeMembers(tribe.slug, 'active', isMember || tribe.visibility === 'open');
  const members = (q.data?.pages.flatMap((p) => p.items) ?? []).slice(0, MEMBERS_SHOWN);
  if (q.isError) return null;
  return (
    <AsideCard title={t('tribeHome.aside.newest')} testId="aside-members">
      {q.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <List dense disablePadding>
          {members.map((m) => (
            <ListItem key={m.user.id} disableGutters>
              <ListItemAvatar sx={{ minWidth: 44 }}>
                <Avatar src={m.user.avatar_url ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
                  {m.user.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <LocaleLink to={`/user-profile/${m.user.id}`} underline="hover" color="inherit" dir="auto">
                    {m.user.name}
                  </LocaleLink>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </AsideCard>
  );
}

/**
 * The side column of a tribe's page on wide screens: what waits for its leaders and moderators, about,
 * who is online, open campaigns, what to learn next, members.
 */
export function TribeAside({ tribe }: { tribe: Tribe }) {
  const { isMember } = membershipFlags(tribe);
  return (
    <>
      <ApprovalsCard tribe={tribe} />
      <AboutCard tribe={tribe} />
      {isMember && <TribeOnline tribeId={tribe.id} />}
      <TribeNextEvents tribeRef={tribe.slug} />
      <CampaignsCard tribe={tribe} />
      {isMember && <NextLessonCard tribe={tribe} />}
      <NewestMembersCard tribe={tribe} />
    </>
  );
}
