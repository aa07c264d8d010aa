import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { TRIBE_LIMITS, TRIBE_VISIBILITIES, type TribeVisibility } from '@tribes/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { fieldProps } from '../../../lib/form-field';
import type { CoordinatesBinding, TribeFields } from '../use-tribe-forms';
import { CoordinatesFields } from './coordinates-fields';

/** The fields of a tribe, for creating one and for its settings. */
export function TribeFormFields<O extends Record<string, unknown>>({
  form,
  coords,
}: {
  form: UseFormReturn<TribeFields, unknown, O>;
  coords: CoordinatesBinding;
}) {
  const { t } = useTranslation();
  const description = form.watch('description');
  return (
    <Stack spacing={2.5}>
      <TextField
        {...fieldProps(form, 'name')}
        label={t('tribes.form.name')}
        required
        htmlInput={{ dir: 'auto', maxLength: TRIBE_LIMITS.nameMax }}
      />
      <TextField
        {...fieldProps(form, 'region', t('tribes.form.regionHelp'))}
        label={t('tribes.form.region')}
        required
        htmlInput={{ dir: 'auto', maxLength: TRIBE_LIMITS.regionMax }}
      />
      <TextField
        {...fieldProps(
          form,
          'description',
          t('tribes.form.count', { length: description.length, max: TRIBE_LIMITS.descriptionMax }),
        )}
        label={t('tribes.form.description')}
        multiline
        minRows={3}
        htmlInput={{ dir: 'auto' }}
      />
      <Controller
        control={form.control}
        name="visibility"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="tribe-visibility-label">{t('tribes.form.visibility')}</FormLabel>
            <RadioGroup
              aria-labelledby="tribe-visibility-label"
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value as TribeVisibility)}
            >
              {TRIBE_VISIBILITIES.map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={t(`tribes.form.visibility_${v}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <CoordinatesFields coords={coords} idPrefix="tribe" />
    </Stack>
  );
}
