import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useEditTribeForm } from '../use-tribe-forms';
import { TribeFormFields } from './tribe-form-fields';

/** The leader edits the tribe's name, description, region, visibility and place. */
export function EditTribeForm({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending, coords } = useEditTribeForm(tribe);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('tribes.settings.tab_details')}>
        <TribeFormFields form={form} coords={coords} />
        <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }} data-testid="tribe-save">
          {pending ? t('tribes.common.pleaseWait') : t('tribes.common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
