import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CertificateVerification } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';

/** The public proof of a certificate: who completed which course of which tribe, and when. */
export function CertificateVerificationCard({ certificate: c }: { certificate: CertificateVerification }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(c.issued_at));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="certificate-verification">
      <Stack spacing={1.5} alignItems="center">
        <VerifiedOutlinedIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {t('learning.verify.valid')}
        </Typography>
        <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }} dir="auto" data-testid="certificate-learner">
          {c.learner_name}
        </Typography>
        <Typography>{t('learning.verify.completed')}</Typography>
        <Typography sx={{ fontSize: '1.15rem', fontWeight: 600 }} dir="auto">
          {c.course.title}
        </Typography>
        <Typography color="text.secondary">
          {t('learning.verify.offeredBy', { tribe: c.tribe.name })} · {t('learning.verify.issued', { date })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('learning.verify.id', { id: c.id })}
        </Typography>
      </Stack>
    </Paper>
  );
}
