import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Tribe } from '@tribes/shared';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReportQueue } from '../features/posts/components/report-queue';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EditTribeForm } from '../features/tribes/components/edit-tribe-form';
import { MemberAdminList } from '../features/tribes/components/member-admin-list';
import { TribeFacesUpload } from '../features/tribes/components/tribe-faces-upload';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { TribeSettingsFrame } from '../features/tribes/components/tribe-settings-frame';
import { TranslationSetting } from '../features/tribes/components/translation-setting';
import { membershipFlags } from '../lib/membership';
import { useMemberAdmin } from '../features/tribes/use-member-admin';

const TABS = ['details', 'pending', 'active', 'banned', 'reports'] as const;
type SettingsTab = (typeof TABS)[number];

function Settings({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const flags = membershipFlags(tribe);
  const admin = useMemberAdmin(tribe);
  // ?tab=pending opens the join requests (a leader's notification and "waiting for you" link there).
  const [params] = useSearchParams();
  const asked = TABS.find((x) => x === params.get('tab'));
  const [tab, setTab] = useState<SettingsTab>(asked ?? (flags.isLeader ? 'details' : 'pending'));
  const subject = admin.confirmSubject;
  return (
    <TribeSettingsFrame
      tribe={tribe}
      titleKey="pages.tribeSetting"
      allowed={flags.canModerate}
      deniedKey="tribes.settings.deniedModerators"
    >
      <Stack spacing={2.5}>
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_e, v: SettingsTab) => setTab(v)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('pages.tribeSetting')}
          >
            {TABS.map((x) => (
              <Tab
                key={x}
                value={x}
                label={x === 'reports' ? t('posts.reports.title') : t(`tribes.settings.tab_${x}`)}
                id={`settings-tab-${x}`}
                aria-controls={`settings-panel-${x}`}
                data-testid={`settings-tab-${x}`}
              />
            ))}
          </Tabs>
        </Paper>
        <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
          {tab === 'details' ? (
            flags.isLeader ? (
              <Stack spacing={2.5}>
                <TribeFacesUpload tribe={tribe} />
                <EditTribeForm tribe={tribe} />
                <TranslationSetting tribe={tribe} />
              </Stack>
            ) : (
              <Alert severity="info">{t('tribes.settings.detailsLeadersOnly')}</Alert>
            )
          ) : tab === 'reports' ? (
            <ReportQueue tribe={tribe} />
          ) : (
            <MemberAdminList tribe={tribe} status={tab} admin={admin} />
          )}
        </div>
      </Stack>
      <ConfirmDialog
        open={subject !== null}
        title={
          subject?.kind === 'refuse'
            ? t('tribes.settings.refuseTitle', { name: subject.member.user.name })
            : t('tribes.settings.banTitle', { name: subject?.member.user.name ?? '' })
        }
        body={subject?.kind === 'refuse' ? t('tribes.settings.refuseBody') : t('tribes.settings.banBody')}
        confirmLabel={subject?.kind === 'refuse' ? t('tribes.settings.refuse') : t('tribes.settings.ban')}
        onConfirm={() => void admin.confirmBan()}
        onClose={admin.closeConfirm}
        pending={admin.busy}
      />
    </TribeSettingsFrame>
  );
}

/** /tribes/setting/{id}: edit the tribe (leaders); membership requests, roles and bans (leaders and moderators). */
export default function TribeSettingPage() {
  const { id } = useParams();
  return <TribeGate tribeRef={id}>{(tribe) => <Settings tribe={tribe} />}</TribeGate>;
}
