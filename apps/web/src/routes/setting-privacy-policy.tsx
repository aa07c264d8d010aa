import Paper from '@mui/material/Paper';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { PrivacyPolicyText } from '../features/info/privacy-policy-text';

/** /setting/privacy_policy */
export default function SettingPrivacyPolicyPage() {
  return (
    <SettingsFrame titleKey="privacy.title">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <PrivacyPolicyText withTitle={false} />
      </Paper>
    </SettingsFrame>
  );
}
