import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { CONTENT_LANGS, type ContentLang } from '@tribes/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { languageName } from '../../../lib/language-name';

const linkButton = { minWidth: 0, p: 0, minHeight: 24, verticalAlign: 'baseline', textTransform: 'none' } as const;

/**
 * "Language: French · change", for the author of a post or comment: the detected language, and a menu
 * of the languages a text may be marked with to correct it (or "unknown").
 */
export function LangControl({
  lang,
  onChange,
  pending,
}: {
  lang: string | null;
  onChange(lang: ContentLang | null): void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = lang ? languageName(lang, locale) : t('posts.lang.unknown');
  const pick = (next: ContentLang | null) => {
    setOpen(false);
    if (next !== lang) onChange(next);
  };
  return (
    <Typography variant="body2" component="span" data-testid="lang-control">
      {t('posts.lang.label', { lang: name })} ·{' '}
      <Button
        ref={anchor}
        size="small"
        sx={linkButton}
        onClick={() => setOpen(true)}
        disabled={pending}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('posts.lang.changeLabel', { lang: name })}
        data-testid="lang-change"
      >
        {t('posts.lang.change')}
      </Button>
      <Menu id={menuId} anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        {CONTENT_LANGS.map((code) => (
          <MenuItem key={code} selected={code === lang} onClick={() => pick(code)}>
            {languageName(code, locale)}
          </MenuItem>
        ))}
        <MenuItem selected={lang === null} onClick={() => pick(null)}>
          {t('posts.lang.unknown')}
        </MenuItem>
      </Menu>
    </Typography>
  );
}
