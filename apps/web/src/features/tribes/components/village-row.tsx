import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Village } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { numberFormat } from '../../../lib/intl';

/** A village: name, status when not approved, place, population, who registered it; actions at the end. */
export function VillageRow({ village, actions }: { village: Village; actions?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const num = numberFormat(locale, { maximumFractionDigits: 4 });
  const details = [
    t('tribes.villages.place', { lat: num.format(village.lat), lon: num.format(village.lng) }),
    village.population !== null
      ? t('tribes.villages.population', { value: numberFormat(locale).format(village.population) })
      : null,
    village.created_by ? t('tribes.villages.by', { name: village.created_by.name }) : null,
  ].filter(Boolean);
  return (
    <ListItem
      divider
      sx={{ flexWrap: 'wrap', gap: 1, '&:last-of-type': { borderBottom: 0 } }}
      data-testid="village-row"
      data-village={village.name}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <HomeWorkOutlinedIcon color="secondary" aria-hidden />
      </ListItemIcon>
      <ListItemText
        sx={{ minWidth: 180, flex: '1 1 180px' }}
        primary={
          <Stack useFlexGap direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
              {village.name}
            </Typography>
            {village.status !== 'approved' && (
              <Chip
                size="small"
                variant="outlined"
                color={village.status === 'pending' ? 'default' : 'error'}
                label={t(`tribes.villages.status_${village.status}`)}
              />
            )}
          </Stack>
        }
        secondary={
          <>
            {village.description && (
              <Typography component="span" variant="body2" dir="auto" sx={{ display: 'block' }}>
                {village.description}
              </Typography>
            )}
            <Typography component="span" variant="body2" color="text.secondary">
              {details.join(' · ')}
            </Typography>
          </>
        }
      />
      {actions && (
        <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {actions}
        </Stack>
      )}
    </ListItem>
  );
}
