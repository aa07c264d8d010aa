import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/locale-hooks';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useBlockedList } from '../features/people/use-blocked-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { ListSkeleton } from '../components/list-skeleton';

/** /setting/blocked-users: the people I blocked; unblock after a confirmation. */
export default function BlockedUsersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const b = useBlockedList();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <SettingsFrame titleKey="pages.blockedUsers">
      {b.list.isPending ? (
        <ListSkeleton rows={2} height={72} />
      ) : b.list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void b.list.refetch()}>{t('posts.common.retry')}</Button>}>
          {t('people.blocked.failed')}
        </Alert>
      ) : b.list.data.length === 0 ? (
        <EmptyState icon={BlockIcon} title={t('people.blocked.empty')} body={t('people.blocked.emptyBody')} />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('pages.blockedUsers')}>
            {b.list.data.map((u) => (
              <ListItem
                key={u.id}
                data-testid="blocked-user"
                secondaryAction={
                  <Button onClick={() => b.ask(u)} data-testid="unblock-user">
                    {t('people.block.unblock')}
                  </Button>
                }
                sx={{ pr: 14 }}
              >
                <ListItemAvatar>
                  <Avatar src={u.avatar_url ?? undefined} alt="">
                    {u.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={<bdi>{u.name}</bdi>}
                  secondary={t('people.blocked.since', { date: dateFormat.format(new Date(u.blocked_at)) })}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={b.subject !== null}
        title={t('people.block.unblockTitle', { name: b.subject?.name ?? '' })}
        body={t('people.block.unblockBody')}
        confirmLabel={t('people.block.unblock')}
        destructive={false}
        onConfirm={() => void b.confirm()}
        onClose={b.close}
        pending={b.busy}
      />
    </SettingsFrame>
  );
}
