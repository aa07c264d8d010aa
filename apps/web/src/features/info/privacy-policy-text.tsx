import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

const SECTIONS = ['collect', 'use', 'share', 'keep', 'rights', 'contact'] as const;

/**
 * The privacy policy, section by section: with its own title (the public page) or under the title of
 * the page that shows it (the settings frame's). Either way the page has one h1 and the sections are
 * h2 under it (a heading level skipped confuses screen-reader navigation by headings).
 */
export function PrivacyPolicyText({ withTitle }: { withTitle: boolean }) {
  const { t } = useTranslation();
  usePageTitle(withTitle ? t('privacy.title') : undefined);
  return (
    <Stack spacing={2.5}>
      {withTitle && (
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {t('privacy.title')}
        </Typography>
      )}
      <Typography color="text.secondary">{t('privacy.intro')}</Typography>
      {SECTIONS.map((s) => (
        <section key={s}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t(`privacy.${s}.title`)}
          </Typography>
          <Typography>{t(`privacy.${s}.text`)}</Typography>
        </section>
      ))}
    </Stack>
  );
}
