import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';

/** Search by name or region; results follow as the user types. */
export function TribeSearch({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} aria-label={t('tribes.search.label')}>
      <TextField
        id="tribe-search"
        label={t('tribes.search.label')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        type="search"
        helperText={t('tribes.search.help')}
        endAdornment={
          <InputAdornment position="end">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
        htmlInput={{ dir: 'auto', maxLength: 100, 'data-testid': 'tribe-search' }}
      />
    </form>
  );
}
