import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '@tribes/shared';
import { useContactForm } from '../features/contact/use-contact-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';
import { usePageTitle } from '../lib/use-page-title';

/** /contact: a message to the team (POST /v1/contact). */
export default function ContactPage() {
  const { t } = useTranslation();
  usePageTitle(t('contact.title'));
  const { form, onSubmit, pending, sent, again } = useContactForm();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t('contact.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('contact.subtitle')}
      </Typography>
      {sent ? (
        <Stack spacing={2} alignItems="flex-start">
          <Alert severity="success" sx={{ width: '100%' }}>
            {t('contact.sent')}
          </Alert>
          <Button onClick={again}>{t('contact.another')}</Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('contact.title')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...fieldProps(form, 'name')}
              label={t('form.name')}
              autoComplete="name"
              required
              htmlInput={{ dir: 'auto' }}
            />
            <TextField
              {...fieldProps(form, 'email')}
              label={t('form.email')}
              type="email"
              autoComplete="email"
              required
              htmlInput={{ dir: 'ltr' }}
            />
          </Stack>
          <TextField
            {...fieldProps(form, 'subject')}
            label={t('contact.subject')}
            required
            htmlInput={{ dir: 'auto', maxLength: CONTACT_LIMITS.subjectMax }}
          />
          <TextField
            {...fieldProps(form, 'message')}
            label={t('contact.message')}
            required
            multiline
            minRows={5}
            htmlInput={{ dir: 'auto' }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={pending}
            sx={{ alignSelf: { sm: 'flex-start' } }}
            data-testid="contact-submit"
          >
            {pending ? t('common.pleaseWait') : t('contact.submit')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
