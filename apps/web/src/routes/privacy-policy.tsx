import Paper from '@mui/material/Paper';
import { PrivacyPolicyText } from '../features/info/privacy-policy-text';

/** /privacy_policy */
export default function PrivacyPolicyPage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
      <PrivacyPolicyText withTitle />
    </Paper>
  );
}
