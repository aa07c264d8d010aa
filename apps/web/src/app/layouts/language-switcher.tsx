import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@tribes/shared/locales';
import { useLocale } from '../locale-hooks';
import { useSwitchLocale } from '../../features/locale/use-switch-locale';

const loadMenu = () => import('../../components/shell/language-menu');
const LanguageMenu = lazy(loadMenu);

/** The language menu of the shell. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.find((l) => l.code === locale);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={`${t('shell.language')}: ${current?.name ?? locale}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, px: 1 }}
        data-testid="language-switcher"
      >
        <span lang={locale}>{locale.toUpperCase()}</span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            current={locale}
            onClose={() => setAnchor(null)}
            onChoose={(code) => {
              setAnchor(null);
              void switchLocale(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
