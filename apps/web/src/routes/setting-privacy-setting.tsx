import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PROFILE_VISIBILITIES, type ProfileVisibility } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { usePrivacyForm } from '../features/people/use-privacy-form';
import { ReadReceiptsSwitch } from '../features/messages/components/read-receipts-switch';

const isVisibility = (v: string): v is ProfileVisibility => (PROFILE_VISIBILITIES as readonly string[]).includes(v);

/** /setting/privacy-setting: who may see my profile; whether my village shows me on the map. */
export default function PrivacySettingPage() {
  const { t } = useTranslation();
  const f = usePrivacyForm();
  return (
    <SettingsFrame titleKey="pages.privacySetting">
      <Paper
        component="form"
        variant="outlined"
        sx={{ p: { xs: 2.5, md: 3 } }}
        aria-label={t('pages.privacySetting')}
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit();
        }}
      >
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id="privacy-visibility" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {t('people.privacy.visibility')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="privacy-visibility"
              value={f.values.profile_visibility}
              onChange={(e) => isVisibility(e.target.value) && f.setVisibility(e.target.value)}
            >
              {PROFILE_VISIBILITIES.map((v) => (
                <FormControlLabel
                  key={v}
                  value={v}
                  control={<Radio />}
                  data-testid={`privacy-${v}`}
                  label={
                    <Stack sx={{ py: 0.5 }}>
                      <Typography>{t(`people.privacy.${v}`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(`people.privacy.${v}Help`)}
                      </Typography>
                    </Stack>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormControlLabel
              control={<Switch checked={f.values.show_on_map} onChange={(e) => f.setShowOnMap(e.target.checked)} />}
              label={t('people.privacy.showOnMap')}
              aria-describedby="privacy-map-help"
            />
            <FormHelperText id="privacy-map-help" sx={{ mx: 0 }}>
              {t('people.privacy.showOnMapHelp')}
            </FormHelperText>
          </FormControl>
          <Button
            type="submit"
            variant="contained"
            disabled={!f.dirty || f.pending}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="privacy-submit"
          >
            {f.pending ? t('posts.common.pleaseWait') : t('posts.common.save')}
          </Button>
        </Stack>
      </Paper>
      {/* Saved at once, apart from the form above (PATCH /v1/me/settings). */}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 1 }}>
          {t('messages.settings.title')}
        </Typography>
        <ReadReceiptsSwitch />
      </Paper>
    </SettingsFrame>
  );
}
