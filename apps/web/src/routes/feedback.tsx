import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFeedbackForm } from '../features/contact/use-contact-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';
import { usePageTitle } from '../lib/use-page-title';

/** /feedback: a rating and a comment (POST /v1/feedback). */
export default function FeedbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('feedback.title'));
  const { form, onSubmit, pending, sent, again } = useFeedbackForm();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t('feedback.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('feedback.subtitle')}
      </Typography>
      {sent ? (
        <Stack spacing={2} alignItems="flex-start">
          <Alert severity="success" sx={{ width: '100%' }}>
            {t('feedback.sent')}
          </Alert>
          <Button onClick={again}>{t('feedback.another')}</Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('feedback.title')}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ mb: 0.5 }}>
              {t('feedback.rating')}
            </Typography>
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <Rating
                  name="rating"
                  value={field.value}
                  onChange={(_e, value) => field.onChange(value)}
                  size="large"
                  getLabelText={(value) => t('feedback.stars', { value })}
                />
              )}
            />
            {form.formState.errors.rating && <FormHelperText error>{form.formState.errors.rating.message}</FormHelperText>}
          </Box>
          <TextField
            {...fieldProps(form, 'message')}
            label={t('feedback.message')}
            required
            multiline
            minRows={4}
            htmlInput={{ dir: 'auto' }}
          />
          <TextField
            {...fieldProps(form, 'email', t('feedback.emailHelp'))}
            label={t('feedback.email')}
            type="email"
            autoComplete="email"
            htmlInput={{ dir: 'ltr' }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={pending}
            sx={{ alignSelf: { sm: 'flex-start' } }}
            data-testid="feedback-submit"
          >
            {pending ? t('common.pleaseWait') : t('feedback.submit')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
