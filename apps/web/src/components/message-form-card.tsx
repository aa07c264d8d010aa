import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';

interface Props {
  /** Message namespace with title, subtitle, sent, another and submit keys ('contact', 'feedback'). */
  ns: 'contact' | 'feedback';
  sent: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  again: () => void;
  /** The form's own fields. */
  children: ReactNode;
}

/** The page frame of a message to the team: heading, the form with its submit button, and the thank-you state. */
export function MessageFormCard({ ns, sent, pending, onSubmit, again, children }: Props) {
  const { t } = useTranslation();
  usePageTitle(t(`${ns}.title`));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t(`${ns}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`${ns}.subtitle`)}
      </Typography>
      {sent ? (
        <Stack spacing={2} alignItems="flex-start">
          <Alert severity="success" sx={{ width: '100%' }}>
            {t(`${ns}.sent`)}
          </Alert>
          <Button onClick={again}>{t(`${ns}.another`)}</Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t(`${ns}.title`)}>
          {children}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={pending}
            sx={{ alignSelf: { sm: 'flex-start' } }}
            data-testid={`${ns}-submit`}
          >
            {pending ? t('common.pleaseWait') : t(`${ns}.submit`)}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
