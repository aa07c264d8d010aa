import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Donation } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../../lib/money-format';

/** Who gave, newest first; anonymous donors (donor null from the server) stay unnamed. */
export function DonorList({ donations }: { donations: Donation[] }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  if (donations.length === 0) return <Typography color="text.secondary">{t('money.detail.noDonors')}</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label={t('money.detail.donorsTitle')} disablePadding data-testid="donor-list">
        {donations.map((d) => (
          <ListItem key={d.id} divider data-testid="donor">
            <ListItemAvatar>
              <Avatar sx={{ bgcolor: d.donor ? 'primary.main' : 'action.disabledBackground' }}>
                {d.donor ? <PersonOutlineIcon aria-hidden /> : <VisibilityOffOutlinedIcon aria-hidden />}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={<span dir="auto">{d.donor?.name ?? t('money.detail.anonymous')}</span>}
              secondary={
                <>
                  {d.message && (
                    <Typography component="span" variant="body2" dir="auto" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {d.message}
                    </Typography>
                  )}
                  {f.dateTime(d.created_at)}
                </>
              }
            />
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', ml: 2 }}>
              {t('money.common.tokens', { amount: f.tokens(d.amount) })}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
