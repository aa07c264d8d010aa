import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Campaign, Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';

export interface PickerState {
  tribes: Tribe[];
  tribeId: string;
  onTribe(id: string): void;
  campaigns: Campaign[];
  /** The tribe's campaigns are still on their way (so "no open campaigns" is not known yet). */
  campaignsLoading: boolean;
  /** '' = the tribe itself, else a campaign id. */
  campaignId: string;
  onCampaign(id: string): void;
}

/** On /donate: which of my tribes, then the tribe itself or one of its open campaigns. */
export function DonationTargetPicker({ state, error }: { state: PickerState; error?: string }) {
  const { t } = useTranslation();
  const open = state.campaigns.filter((c) => c.status === 'active');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        fullWidth
        id="donate-tribe"
        label={t('money.donate.tribe')}
        value={state.tribeId}
        onChange={(e) => state.onTribe(e.target.value)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'donate-tribe' } as object } }}
      >
        {state.tribes.map((tr) => (
          <MenuItem key={tr.id} value={tr.id} dir="auto">
            {tr.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        id="donate-target"
        label={t('money.donate.target')}
        value={state.campaignId}
        onChange={(e) => state.onCampaign(e.target.value)}
        error={Boolean(error)}
        // A line is always kept for the message (a blank one when there is none), so the form below does not
        // move when the campaigns arrive or when the message comes and goes.
        helperText={error ?? (!state.campaignsLoading && open.length === 0 ? t('money.donate.noCampaigns') : ' ')}
        // '' is a choice ("the tribe itself"), shown as such rather than as an empty field under its label.
        slotProps={{
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'donate-target' } as object },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('money.donate.wholeTribe')}</MenuItem>
        {open.map((c) => (
          <MenuItem key={c.id} value={c.id} dir="auto">
            {c.title}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
