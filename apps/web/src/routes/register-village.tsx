import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TRIBE_LIMITS } from '@tribes/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../components/inputs/number-input';
import { TextField } from '../components/inputs/text-field';
import { RouterLocaleLink } from '../components/locale-link';
import { PageSkeleton } from '../components/page-skeleton';
import { CoordinatesFields } from '../features/tribes/components/coordinates-fields';
import { EmptyState } from '../components/empty-state';
import { useRegisterVillage } from '../features/tribes/use-register-village';
import { fieldProps } from '../lib/form-field';

/** /register-village: a member registers a village of their tribe, placed on a map; a leader approves it. */
export default function RegisterVillagePage() {
  const { t } = useTranslation();
  const s = useRegisterVillage();
  const description = s.form.watch('description');
  if (s.loading) return <PageSkeleton rows={5} />;
  const heading = (
    <Stack spacing={1}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {t('pages.registerVillage')}
      </Typography>
      {s.tribe && (
        <Typography color="text.secondary" dir="auto">
          {t('tribes.registerVillage.intro', { name: s.tribe.name })}
        </Typography>
      )}
    </Stack>
  );
  if (s.noTribe || !s.tribe || !s.canRegister) {
    return (
      <Stack spacing={3}>
        {heading}
        {s.pendingMember ? (
          <Alert severity="info">{t('tribes.registerVillage.pendingMember')}</Alert>
        ) : (
          <EmptyState
            icon={TravelExploreOutlinedIcon}
            title={t('tribes.registerVillage.noTribeTitle')}
            body={t('tribes.registerVillage.noTribeBody')}
            action={
              <Button component={RouterLocaleLink} to="/tribes" variant="contained">
                {t('tribes.browse.cta')}
              </Button>
            }
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {heading}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={s.onSubmit} aria-label={t('pages.registerVillage')}>
          <TextField
            {...fieldProps(s.form, 'name')}
            label={t('tribes.registerVillage.name')}
            required
            htmlInput={{ dir: 'auto', maxLength: TRIBE_LIMITS.villageNameMax }}
          />
          <TextField
            {...fieldProps(
              s.form,
              'description',
              t('tribes.form.count', { length: description.length, max: TRIBE_LIMITS.villageDescriptionMax }),
            )}
            label={t('tribes.registerVillage.description')}
            multiline
            minRows={2}
            htmlInput={{ dir: 'auto' }}
          />
          <Controller
            control={s.form.control}
            name="population"
            render={({ field, fieldState }) => (
              <NumberInput
                id="field-population"
                label={t('tribes.registerVillage.population')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={0}
                max={TRIBE_LIMITS.populationMax}
                allowDecimal={false}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('tribes.registerVillage.populationHelp')}
              />
            )}
          />
          <CoordinatesFields coords={s.coords} center={{ lat: s.tribe.lat, lng: s.tribe.lng }} idPrefix="village" />
          <Alert severity="info" variant="outlined">
            {t('tribes.registerVillage.reviewNotice')}
          </Alert>
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button component={RouterLocaleLink} to={`/tribes/${s.tribe.slug}`}>
              {t('tribes.common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={s.pending} data-testid="village-submit">
              {s.pending ? t('tribes.common.pleaseWait') : t('tribes.registerVillage.submit')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
