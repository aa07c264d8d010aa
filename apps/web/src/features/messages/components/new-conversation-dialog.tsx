import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MESSAGE_LIMITS, type Conversation } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-store';
import { usePeopleSearch, useStartConversation, type PersonOption } from '../api';

/** "New message": pick one person (a direct conversation) or several (a group, with a title). */
export function NewConversationDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose(): void;
  onStarted(c: Conversation): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const me = useSession().userData?.id;
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<PersonOption[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const people = usePeopleSearch(query);
  const start = useStartConversation();
  const options = (people.data ?? []).filter((p) => p.id !== me);
  const submit = async () => {
    if (picked.length === 0) return setError(t('messages.new.pickSomeone'));
    const conversation = await start
      .mutateAsync({ member_ids: picked.map((p) => p.id), ...(picked.length > 1 && title.trim() ? { title: title.trim() } : {}) })
      .catch(() => null);
    if (!conversation) return;
    setPicked([]);
    setTitle('');
    onStarted(conversation);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="new-message-title">
      <Box component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <DialogTitle id="new-message-title">{t('messages.new.title')}</DialogTitle>
        <DialogContent>
          <Autocomplete
            multiple
            options={options}
            value={picked}
            filterOptions={(x) => x}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={people.isFetching}
            noOptionsText={query.trim() ? t('messages.new.nobody') : t('messages.new.typeName')}
            onChange={(_, v) => {
              setPicked(v.slice(0, MESSAGE_LIMITS.maxOthers));
              setError(null);
            }}
            onInputChange={(_, v) => setQuery(v)}
            renderOption={(props, o) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest} data-testid="person-option">
                  <Avatar src={o.avatar_url ?? undefined} alt="" sx={{ width: 28, height: 28, me: 1 }}>
                    {o.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <span dir="auto">{o.name}</span>
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={t('messages.new.to')}
                error={Boolean(error)}
                helperText={error ?? t('messages.new.toHelp', { max: MESSAGE_LIMITS.maxOthers })}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'new-message-to' } }}
              />
            )}
          />
          {picked.length > 1 && (
            <TextField
              margin="dense"
              fullWidth
              label={t('messages.new.groupTitle')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              slotProps={{ htmlInput: { dir: 'auto', maxLength: MESSAGE_LIMITS.titleMax } }}
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('messages.notEncrypted')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('messages.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={start.isPending} data-testid="new-message-start">
            {t('messages.new.start')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
