import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-store';
import { useSaveReadReceipts } from '../api';

/** The read_receipts setting (DESIGN 11.4): off, my read markers are not sent and I see nobody's. */
export function ReadReceiptsSwitch() {
  const { t } = useTranslation();
  const on = useSession().userData?.settings?.read_receipts ?? true;
  const save = useSaveReadReceipts();
  const value = save.isPending && save.variables !== undefined ? save.variables : on;
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={value}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'read-receipts-help' } }}
            data-testid="read-receipts"
          />
        }
        label={t('messages.settings.readReceipts')}
      />
      <FormHelperText id="read-receipts-help">{t('messages.settings.readReceiptsHelp')}</FormHelperText>
    </div>
  );
}
