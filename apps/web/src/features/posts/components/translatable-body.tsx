import TranslateIcon from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { languageName } from '../../../lib/language-name';
import { useTextTranslation, type TranslateTarget } from '../use-translation';
import { PostBody } from './post-body';

const linkButton = { minWidth: 0, p: 0, minHeight: 24, verticalAlign: 'baseline', textTransform: 'none' } as const;

interface Props {
  target: TranslateTarget;
  id: string;
  text: string;
  lang: string | null;
  /** The author's "Language: French · change" control, placed on the same line. */
  langControl?: ReactNode;
}

/**
 * A post's or comment's text with its "Translate" action (DESIGN 11.5): the translation replaces the text,
 * said "Translated from French · Show original"; a provider failure is said here, with a retry.
 */
export function TranslatableBody({ target, id, text, lang, langControl }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tr = useTextTranslation(target, id, lang);
  const from = tr.from ? languageName(tr.from, locale) : '';
  return (
    <>
      {tr.translation ? (
        <div lang={tr.translation.to} data-testid="translated-text">
          <PostBody text={tr.translation.text} />
        </div>
      ) : (
        <div lang={lang ?? undefined}>
          <PostBody text={text} />
        </div>
      )}
      {(tr.canTranslate || langControl) && (
        <Stack
          direction="row"
          alignItems="center"
          useFlexGap
          sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.25, mt: 0.5, color: 'text.secondary' }}
        >
          {langControl}
          {tr.canTranslate &&
            (tr.translation ? (
              <Typography variant="body2" component="span" data-testid="translated-note">
                {t('posts.translate.from', { lang: from })} ·{' '}
                <Button size="small" sx={linkButton} onClick={tr.showOriginal} data-testid="show-original">
                  {t('posts.translate.showOriginal')}
                </Button>
              </Typography>
            ) : (
              <Button
                size="small"
                sx={linkButton}
                startIcon={<TranslateIcon fontSize="small" aria-hidden />}
                onClick={tr.translate}
                disabled={tr.pending}
                data-testid="translate-button"
              >
                {tr.pending
                  ? t('posts.translate.pending')
                  : tr.hasTranslation
                    ? t('posts.translate.showTranslation')
                    : t('posts.translate.action')}
              </Button>
            ))}
        </Stack>
      )}
      {tr.unavailable && !tr.pending && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={tr.translate}>
              {t('posts.common.retry')}
            </Button>
          }
          data-testid="translate-unavailable"
        >
          {t('posts.translate.unavailable')}
        </Alert>
      )}
    </>
  );
}
