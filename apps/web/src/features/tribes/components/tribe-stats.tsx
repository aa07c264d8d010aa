import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { numberFormat } from '../../../lib/intl';

/** Region, members and villages of a tribe in one line that wraps on phones. */
export function TribeStats({ region, members, villages }: { region?: string; members: number; villages: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const n = (v: number) => numberFormat(locale).format(v);
  const item = { direction: 'row', spacing: 0.5, alignItems: 'center' } as const;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, color: 'text.secondary' }}>
      {region && (
        <Stack {...item}>
          <PlaceOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2" dir="auto">
            {region}
          </Typography>
        </Stack>
      )}
      <Stack {...item}>
        <GroupsOutlinedIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{t('tribes.stats.members', { count: members, value: n(members) })}</Typography>
      </Stack>
      <Stack {...item}>
        <HomeWorkOutlinedIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{t('tribes.stats.villages', { count: villages, value: n(villages) })}</Typography>
      </Stack>
    </Stack>
  );
}
