import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/inputs/date-input';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { useCampaignForm } from '../use-campaign-form';
import { CoverPicker } from './cover-picker';

/** A leader or moderator launches a campaign: title, story, goal, deadline, optional monthly goal and milestones. */
export function CampaignForm({ tribeRef, onCreated }: { tribeRef: string; onCreated: (c: Campaign) => void }) {
  const { t } = useTranslation();
  const form = useCampaignForm(tribeRef, onCreated);
  const { values: v, error: e, limits } = form;
  const tomorrow = new Date(Date.now() + 86_400_000);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit} aria-label={t('money.create.formLabel')}>
        <TextField
          id="campaign-title"
          label={t('money.create.titleField')}
          value={v.title}
          onChange={(ev) => form.set.title(ev.target.value)}
          required
          error={Boolean(e('title'))}
          helperText={e('title')}
          htmlInput={{ maxLength: limits.titleMax }}
        />
        <TextField
          id="campaign-description"
          label={t('money.create.description')}
          value={v.description}
          onChange={(ev) => form.set.description(ev.target.value)}
          multiline
          minRows={4}
          error={Boolean(e('description'))}
          helperText={e('description') ?? t('money.create.descriptionHelp')}
        />
        <CoverPicker previewUrl={v.coverUrl} error={e('cover')} onPick={form.pickCover} onClear={form.clearCover} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NumberInput
            id="campaign-goal"
            label={t('money.create.goal')}
            value={v.goal}
            onChange={form.set.goal}
            min={0}
            max={limits.goalMax}
            allowDecimal={false}
            required
            error={Boolean(e('goal'))}
            helperText={e('goal') ?? t('money.create.goalHelp')}
          />
          <DateInput
            id="campaign-ends-at"
            label={t('money.create.endsAt')}
            value={v.endsAt}
            onChange={form.set.endsAt}
            min={tomorrow}
            required
            error={Boolean(e('ends_at'))}
            helperText={e('ends_at') ?? t('money.create.endsAtHelp')}
          />
        </Stack>
        <NumberInput
          id="campaign-monthly-goal"
          label={t('money.create.monthlyGoal')}
          value={v.monthlyGoal}
          onChange={form.set.monthlyGoal}
          min={0}
          max={limits.goalMax}
          allowDecimal={false}
          error={Boolean(e('monthly_goal'))}
          helperText={e('monthly_goal') ?? t('money.create.monthlyHelp')}
        />
        <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('money.create.milestones')}
          </Typography>
          <Typography variant="body2" color={e('milestones') ? 'error' : 'text.secondary'}>
            {e('milestones') ?? t('money.create.milestonesHelp')}
          </Typography>
          {v.milestones.map((m, i) => (
            <Stack key={m.key} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
              <TextField
                id={`milestone-${m.key}-title`}
                label={t('money.create.milestoneTitle', { n: i + 1 })}
                value={m.title}
                onChange={(ev) => form.updateMilestone(m.key, { title: ev.target.value })}
                error={Boolean(e(`milestones.${i}.title`))}
                helperText={e(`milestones.${i}.title`)}
              />
              <NumberInput
                id={`milestone-${m.key}-amount`}
                label={t('money.create.milestoneAmount', { n: i + 1 })}
                value={m.amount}
                onChange={(amount) => form.updateMilestone(m.key, { amount })}
                min={0}
                max={limits.goalMax}
                allowDecimal={false}
                error={Boolean(e(`milestones.${i}.amount`))}
                helperText={e(`milestones.${i}.amount`)}
              />
              <IconButton
                onClick={() => form.removeMilestone(m.key)}
                aria-label={t('money.create.removeMilestone', { n: i + 1 })}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          {v.milestones.length < 10 && (
            <Button onClick={form.addMilestone} startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('money.create.addMilestone')}
            </Button>
          )}
        </Stack>
        <Button
          type="submit"
          variant="contained"
          disabled={form.pending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="campaign-submit"
        >
          {form.pending ? t('common.working') : t('money.create.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
