import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MessageFormCard } from '../components/message-form-card';
import { useFeedbackForm } from '../features/contact/use-contact-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /feedback: a rating and a comment (POST /v1/feedback). */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { form, onSubmit, pending, sent, again } = useFeedbackForm();
  return (
    <MessageFormCard ns="feedback" sent={sent} pending={pending} onSubmit={onSubmit} again={again}>
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
    </MessageFormCard>
  );
}
