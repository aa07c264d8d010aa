import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { DeleteAccount } from '../features/account/components/delete-account';
import { ExportData } from '../features/account/components/export-data';
import { NotificationSwitches } from '../features/account/components/notification-switches';
import { SessionsList } from '../features/account/components/sessions-list';
import { PushDeviceSetting } from '../features/push/components/push-device-setting';
import { DataSaverSetting } from '../features/offline/components/data-saver-setting';

/** /setting/personal-setting: notifications, the data saver, signed-in devices, a copy of my data, deleting the account. */
export default function PersonalSettingPage() {
  return (
    <SettingsFrame titleKey="settings.personal.title">
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          <NotificationSwitches pushDevice={<PushDeviceSetting />} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          <DataSaverSetting />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          <SessionsList />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          <ExportData />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderColor: 'error.main' }}>
          <DeleteAccount />
        </Paper>
      </Stack>
    </SettingsFrame>
  );
}
