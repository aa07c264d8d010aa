import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

const SECTIONS = ['collect', 'use', 'share', 'keep', 'rights', 'contact'] as const;

/** The privacy policy, section by section. */
export function PrivacyPolicyText({ headingLevel }: { headingLevel: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  usePageTitle(headingLevel === 'h1' ? t('privacy.title') : undefined);
  const sub = headingLevel === 'h1' ? 'h2' : 'h3';
  return (
    <Stack spacing={2.5}>
      {headingLevel === 'h1' && (
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {t('privacy.title')}
        </Typography>
      )}
      <Typography color="text.secondary">{t('privacy.intro')}</Typography>
      {SECTIONS.map((s) => (
        <section key={s}>
          <Typography variant="h3" component={sub} sx={{ mb: 1 }}>
            {t(`privacy.${s}.title`)}
          </Typography>
          <Typography>{t(`privacy.${s}.text`)}</Typography>
        </section>
      ))}
    </Stack>
  );
}
