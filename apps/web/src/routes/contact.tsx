import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MessageFormCard } from '../components/message-form-card';
import { CONTACT_LIMITS } from '@tribes/shared';
import { useContactForm } from '../features/contact/use-contact-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /contact: a message to the team (POST /v1/contact). */
export default function ContactPage() {
  const { t } = useTranslation();
  const { form, onSubmit, pending, sent, again } = useContactForm();
  return (
    <MessageFormCard ns="contact" sent={sent} pending={pending} onSubmit={onSubmit} again={again}>
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
    </MessageFormCard>
  );
}
