import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@tribes/shared';
import { useLocaleNavigate } from '../app/locale-hooks';
import { useSetRole } from '../features/account/api';
import { AuthCard } from '../features/auth/components/auth-card';
import { useSession } from '../lib/session/session-store';

const ICONS = { member: GroupsOutlinedIcon, leader: CampaignOutlinedIcon, supporter: VolunteerActivismOutlinedIcon } as const;

/** /role-selection: member, leader or supporter, each explained; then tribe selection. */
export default function RoleSelectionPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useLocaleNavigate();
  const setRole = useSetRole();
  const [role, setRoleChoice] = useState<Role | ''>(session.userData?.role ?? '');
  const submit = async () => {
    if (!role) return;
    const ok = await setRole.mutateAsync(role).catch(() => undefined);
    if (ok) navigate('/tribe-selection');
  };
  return (
    <AuthCard title={t('roles.title')} subtitle={t('roles.subtitle')}>
      <RadioGroup aria-label={t('roles.title')} name="role" value={role} onChange={(e) => setRoleChoice(e.target.value as Role)}>
        <Stack spacing={2}>
          {ROLES.map((r) => {
            const Icon = ICONS[r];
            const selected = role === r;
            return (
              <Paper
                key={r}
                component="label"
                variant="outlined"
                sx={{
                  display: 'flex',
                  gap: 2,
                  p: 2,
                  cursor: 'pointer',
                  alignItems: 'flex-start',
                  borderColor: selected ? 'primary.main' : 'divider',
                  borderWidth: selected ? 2 : 1,
                }}
              >
                <Radio value={r} slotProps={{ input: { 'aria-describedby': `role-${r}-text` } }} sx={{ mt: -0.5 }} />
                <Box>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Icon color="primary" aria-hidden />
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {t(`roles.${r}.name`)}
                    </Typography>
                  </Stack>
                  <Typography id={`role-${r}-text`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t(`roles.${r}.text`)}
                  </Typography>
                </Box>
              </Paper>
            );
          })}
        </Stack>
      </RadioGroup>
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        disabled={!role || setRole.isPending}
        onClick={() => void submit()}
        data-testid="role-submit"
      >
        {setRole.isPending ? t('common.pleaseWait') : t('roles.submit')}
      </Button>
    </AuthCard>
  );
}
