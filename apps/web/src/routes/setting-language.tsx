import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES } from '@tribes/shared';
import { useLocale } from '../app/locale-hooks';
import { useSaveSettings } from '../features/account/api';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useSwitchLocale } from '../features/locale/use-switch-locale';

/** /setting/language: switches the interface and saves the choice on the account. */
export default function LanguagePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const save = useSaveSettings();
  const choose = async (code: string) => {
    if (!isLocale(code) || code === locale) return;
    await save.mutateAsync({ language: code }).catch(() => undefined);
    await switchLocale(code);
  };
  return (
    <SettingsFrame titleKey="settings.language.title">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 560 }}>
        <Typography id="language-label" color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.language.subtitle')}
        </Typography>
        <RadioGroup aria-labelledby="language-label" value={locale} onChange={(e) => void choose(e.target.value)}>
          {LOCALES.map((l) => (
            <FormControlLabel
              key={l.code}
              value={l.code}
              disabled={save.isPending}
              control={<Radio />}
              label={
                <span lang={l.code} dir={l.dir}>
                  {l.name}
                </span>
              }
            />
          ))}
        </RadioGroup>
      </Paper>
    </SettingsFrame>
  );
}
