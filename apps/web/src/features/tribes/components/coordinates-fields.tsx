import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import type { LatLng } from '../map-types';
import type { CoordinatesBinding } from '../use-tribe-forms';
import { LocationPicker } from './lazy-map';

/** Latitude and longitude: typed (the keyboard way) or set by clicking the map. */
export function CoordinatesFields({
  coords,
  center,
  idPrefix = 'field',
}: {
  coords: CoordinatesBinding;
  center?: LatLng;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const value = coords.lat !== null && coords.lng !== null ? { lat: coords.lat, lng: coords.lng } : null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary" id={`${idPrefix}-map-help`}>
        {t('tribes.form.mapHelp')}
      </Typography>
      <LocationPicker value={value} center={center} onPick={(p) => coords.onChange(p)} label={t('tribes.form.mapLabel')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput
          id={`${idPrefix}-lat`}
          label={t('tribes.form.lat')}
          value={coords.lat}
          onChange={(lat) => coords.onChange({ lat })}
          min={-90}
          max={90}
          step={0.1}
          required
          error={Boolean(coords.errors.lat)}
          helperText={coords.errors.lat ?? t('tribes.form.latHelp')}
        />
        <NumberInput
          id={`${idPrefix}-lng`}
          label={t('tribes.form.lng')}
          value={coords.lng}
          onChange={(lng) => coords.onChange({ lng })}
          min={-180}
          max={180}
          step={0.1}
          required
          error={Boolean(coords.errors.lng)}
          helperText={coords.errors.lng ?? t('tribes.form.lngHelp')}
        />
      </Stack>
    </Stack>
  );
}
