import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link';
import { downloadCertificate } from '../certificate-download';

/** The learner's certificate: download the PDF, or open its public verification page. */
export function CertificateCard({ courseId, certificateId }: { courseId: string; certificateId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'success.main' }} data-testid="certificate-card">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <WorkspacePremiumOutlinedIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Stack spacing={0.5} sx={{ flex: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {t('learning.certificate.title')}
          </Typography>
          <Typography color="text.secondary">{t('learning.certificate.body')}</Typography>
          <LocaleLink to={`/certificates/${certificateId}`} data-testid="certificate-verify-link">
            {t('learning.certificate.verifyLink')}
          </LocaleLink>
        </Stack>
        <Button
          variant="contained"
          color="success"
          startIcon={<DownloadIcon />}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void downloadCertificate(courseId, `certificate-${certificateId}.pdf`).finally(() => setBusy(false));
          }}
          data-testid="certificate-download"
        >
          {busy ? t('learning.common.saving') : t('learning.certificate.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
