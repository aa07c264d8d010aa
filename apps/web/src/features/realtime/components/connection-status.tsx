import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../../lib/realtime/realtime-store';
import type { ConnectionState } from '../../../lib/realtime/types';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { Hint } from '../../../components/hint';

const COLOUR: Record<ConnectionState, string> = {
  initialized: 'grey.400',
  connecting: 'warning.main',
  connected: 'success.main',
  unavailable: 'error.main',
  failed: 'error.main',
  disconnected: 'grey.500',
};

/** States worth telling a screen-reader user about: the live updates stopped. */
const ANNOUNCED: readonly ConnectionState[] = ['unavailable', 'failed', 'disconnected'];

/**
 * The realtime connection, discreetly: a small dot with its state in a tooltip (and focusable, so
 * the keyboard reaches it), and a polite live message only while the updates are not arriving.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const text = t(`realtime.status.${state}`);
  return (
    <>
      <Hint title={text}>
        <Box
          component="span"
          role="img"
          tabIndex={0}
          aria-label={text}
          data-testid="realtime-status"
          data-state={state}
          sx={{ display: 'inline-flex', p: 1, borderRadius: '50%', outlineOffset: 2 }}
        >
          <Box
            component="span"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: COLOUR[state],
              boxShadow: (th) => `0 0 0 2px ${th.palette.background.paper}`,
            }}
          />
        </Box>
      </Hint>
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {ANNOUNCED.includes(state) ? text : ''}
      </Box>
    </>
  );
}
