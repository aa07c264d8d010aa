import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { TRIBE_TABS, useTribeTab, type TribeTab } from '../features/tribes/use-tribe-tab';
import { TribeCourses } from '../features/learning/components/tribe-courses';
import { TribeEventsTab } from './event-places';
import { TribeCampaignList } from '../features/money/components/tribe-campaigns';
import { TreasuryPanel } from '../features/treasury/components/treasury-panel';
import { TribePostsPanel } from '../features/posts/components/tribe-posts-panel';
import { TribeOnline } from '../features/realtime/components/tribe-online';
import { ApprovalsCard } from './tribe-home/approvals-card';
import { SetupChecklist } from './tribe-home/setup-checklist';
import { TribeAside } from './tribe-home/tribe-aside';
import { WelcomeCard } from './tribe-home/welcome-card';
import { PageColumns } from '../components/page-columns';
import { membershipFlags } from '../lib/membership';
import { AboutPanel, MembersPanel, VillagesPanel } from '../features/tribes/components/tribe-panels';
import { TribeHeader } from '../features/tribes/components/tribe-header';
import { InviteButton } from '../features/invites/components/invite-dialog';
import { MessagePersonButton } from '../features/messages/components/message-person-button';
import { useSession } from '../lib/session/session-store';

function Panel({ tab, tribe }: { tab: TribeTab; tribe: Tribe }) {
  const me = useSession().userData?.id;
  switch (tab) {
    case 'about':
      return <AboutPanel tribe={tribe} />;
    case 'members':
      return (
        <MembersPanel
          tribe={tribe}
          memberActions={(m) => (m.user.id === me ? null : <MessagePersonButton userId={m.user.id} name={m.user.name} compact />)}
        />
      );
    case 'villages':
      return <VillagesPanel tribe={tribe} />;
    case 'posts':
      return <TribePostsPanel tribe={tribe} />;
    case 'campaigns':
      return <TribeCampaignList tribe={tribe} />;
    case 'treasury':
      return <TreasuryPanel tribe={tribe} />;
    case 'events':
      return <TribeEventsTab tribe={tribe} />;
    case 'courses':
      return <TribeCourses tribe={tribe} />;
  }
}

/**
 * A tribe's page: header with cover, logo and actions; a welcome for new members and a setup checklist for
 * its leaders; then tabs (about, members, villages, posts, events, campaigns, treasury, courses). On wide screens a side column
 * (about, who is online, open campaigns, what to learn next, members) sits beside the tabs.
 */
export function TribeView({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const { tab, setTab } = useTribeTab();
  // On phones the tabs overflow: the scroll buttons are there from the first render, so the width MUI
  // measures to scroll a linked tab (?tab=courses) into view is the width it keeps ("auto" adds them after).
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { isMember, isLeader } = membershipFlags(tribe);
  const main = (
    <Stack spacing={2.5}>
      {/* What waits for its leaders: in the side column on wide screens, here above the tabs on phones and tablets. */}
      {!wide && <ApprovalsCard tribe={tribe} />}
      {isLeader && <SetupChecklist tribe={tribe} />}
      <WelcomeCard tribe={tribe} />
      {/* Who is online: in the side column on wide screens, here on phones and tablets. */}
      {!wide && <TribeOnline tribeId={isMember ? tribe.id : null} />}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: TribeTab) => setTab(v)}
          variant="scrollable"
          scrollButtons={narrow ? true : 'auto'}
          allowScrollButtonsMobile
          aria-label={t('tribes.tabs.label')}
        >
          {TRIBE_TABS.map((x) => (
            <Tab
              key={x}
              value={x}
              label={t(`tribes.tabs.${x}`)}
              id={`tribe-tab-${x}`}
              aria-controls={`tribe-panel-${x}`}
              data-testid={`tab-${x}`}
            />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id={`tribe-panel-${tab}`} aria-labelledby={`tribe-tab-${tab}`}>
        <Panel tab={tab} tribe={tribe} />
      </Box>
    </Stack>
  );
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 1180, mx: 'auto', width: '100%' }}>
      <TribeHeader tribe={tribe} invite={(t) => <InviteButton tribe={t} />} />
      <PageColumns main={main} aside={<TribeAside tribe={tribe} />} asideLabel={t('tribeHome.aside.label')} />
    </Stack>
  );
}
