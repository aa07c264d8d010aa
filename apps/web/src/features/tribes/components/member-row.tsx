import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { TribeMember } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { dateTimeFormat } from '../../../lib/intl';

/** A member: photo, name (a link to their profile), role, since when; actions at the end. */
export function MemberRow({ member, actions }: { member: TribeMember; actions?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const since = dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(member.joined_at));
  return (
    <ListItem
      divider
      sx={{ flexWrap: 'wrap', gap: 1, '&:last-of-type': { borderBottom: 0 } }}
      data-testid="member-row"
      data-user={member.user.id}
    >
      <ListItemAvatar>
        <Avatar src={member.user.avatar_url ?? undefined} alt="">
          {member.user.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        sx={{ minWidth: 160, flex: '1 1 160px' }}
        primary={
          <Stack useFlexGap direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
            <LocaleLink to={`/user-profile/${member.user.id}`} dir="auto">
              {member.user.name}
            </LocaleLink>
            {member.role !== 'member' && (
              <Chip
                size="small"
                label={t(`tribes.roles.${member.role}`)}
                color={member.role === 'leader' ? 'primary' : 'default'}
              />
            )}
          </Stack>
        }
        secondary={t(member.status === 'pending' ? 'tribes.members.askedOn' : 'tribes.members.since', { date: since })}
      />
      {actions && (
        <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {actions}
        </Stack>
      )}
    </ListItem>
  );
}
