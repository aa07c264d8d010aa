import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import type { Tribe } from '@tribes/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslationOffered } from '../../../lib/translation-config';
import { useUpdateTribe } from '../api';

/**
 * The leaders' switch "Allow translation of tribe-only posts" (DESIGN 11.5): off, the tribe's members-only
 * posts and comments are never sent to the site's translation provider. Shown only where the site translates.
 */
export function TranslationSetting({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const offered = useTranslationOffered(true);
  const update = useUpdateTribe(tribe.id);
  const help = useId();
  if (!offered) return null;
  const on =
    update.isPending && update.variables.body.allow_translation !== undefined
      ? update.variables.body.allow_translation
      : tribe.allow_translation;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="translation-setting">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(_e, checked) => update.mutate({ body: { allow_translation: checked } })}
            disabled={update.isPending}
            slotProps={{ input: { 'aria-describedby': help } }}
            data-testid="allow-translation"
          />
        }
        label={t('tribes.translation.allow')}
      />
      <FormHelperText id={help} sx={{ mx: 0 }}>
        {t('tribes.translation.help')}
      </FormHelperText>
    </Paper>
  );
}
