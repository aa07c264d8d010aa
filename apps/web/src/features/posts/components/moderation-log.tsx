import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { useModerationLog } from '../api';

/** Who did what and why, newest last, as the server records it. */
export function ModerationLog({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const log = useModerationLog(tribe.id);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = [...(log.data ?? [])].reverse();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="moderation-log-title">
      <Typography variant="h3" component="h2" id="moderation-log-title" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {t('posts.log.title')}
      </Typography>
      {log.isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t('posts.log.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List dense aria-labelledby="moderation-log-title">
            {entries.map((e) => (
              <ListItem key={e.id} data-testid="log-entry">
                <ListItemText
                  primary={t(`posts.log.action_${e.action}`, {
                    name: e.actor?.name ?? t('posts.log.someone'),
                    defaultValue: `${e.actor?.name ?? ''}: ${e.action}`,
                  })}
                  secondary={
                    <>
                      <time dateTime={e.created_at}>{format.format(new Date(e.created_at))}</time>
                      {e.reason ? (
                        <>
                          {' — '}
                          <bdi>{e.reason}</bdi>
                        </>
                      ) : null}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
