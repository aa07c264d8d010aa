import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** "Skip to content": the first stop of the keyboard on every page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main"
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -48,
        zIndex: 2000,
        p: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skip')}
    </Link>
  );
}
