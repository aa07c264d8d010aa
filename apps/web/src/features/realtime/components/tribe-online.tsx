import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../../lib/realtime/realtime-store';
import { useTribePresence } from '../../../lib/realtime/use-tribe-presence';
import { Hint } from '../../../components/hint';

const SHOWN = 6;

/** The row's height: its padding (8 px above and below) around a 28 px avatar. */
const ROW_HEIGHT = 44;

/** Connection states in which the presence channel may still answer. */
const MAY_ANSWER = new Set(['initialized', 'connecting', 'connected']);

/**
 * Who is online in a tribe (its presence channel): a compact avatar list with a count. For a member (a
 * `tribeId`) the row's place is held while the channel may still answer, since a member is always among
 * those online: the row arriving would otherwise push the page under it down (the tribe's tabs, on
 * phones). Not once the connection is lost or has failed: no empty gap on a page read offline.
 */
export function TribeOnline({ tribeId }: { tribeId: string | null | undefined }) {
  const { t } = useTranslation();
  const members = useTribePresence(tribeId);
  const connection = useConnectionState();
  if (members.length === 0)
    return tribeId && MAY_ANSWER.has(connection) ? (
      <Box aria-hidden data-testid="tribe-online-placeholder" sx={{ height: ROW_HEIGHT }} />
    ) : null;
  const extra = members.length - SHOWN;
  return (
    <Stack
      component="section"
      direction="row"
      alignItems="center"
      spacing={1.5}
      aria-label={t('realtime.online.title')}
      data-testid="tribe-online"
      data-count={members.length}
      sx={{ py: 1, minHeight: ROW_HEIGHT, boxSizing: 'border-box' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', flexShrink: 0 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('realtime.online.count', { count: members.length })}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0, gap: 0.5, flexWrap: 'wrap' }}>
        {members.slice(0, SHOWN).map((m) => (
          <li key={m.id}>
            <Hint title={m.name}>
              <Avatar
                src={m.avatar_url ?? undefined}
                alt={m.name}
                role="img"
                aria-label={m.name}
                sx={{ width: 28, height: 28, fontSize: 13 }}
              >
                {m.name.slice(0, 1).toUpperCase()}
              </Avatar>
            </Hint>
          </li>
        ))}
        {extra > 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ alignSelf: 'center', px: 0.5 }}>
            {t('realtime.online.more', { count: extra })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
