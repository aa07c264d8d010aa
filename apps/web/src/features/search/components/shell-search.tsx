import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { SEARCH_LIMITS } from '@tribes/shared';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { rememberSearch } from '../recent-searches';

/** Whether a key press lands where "/" is text being typed (a field, an editable block). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search field of the signed-in shell: inline on wide screens, behind an icon on phones (opening a
 * field as wide as the bar); Enter opens /search?q=, and "/" anywhere (outside a field) focuses it.
 */
export function ShellSearch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      e.preventDefault();
      if (compact) setOpen(true);
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [compact]);
  // The phone's field appears on open: focus it then.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    rememberSearch(q);
    navigate(`/search?q=${encodeURIComponent(q)}`);
    setText('');
    input.current?.blur();
    if (compact) setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && compact) close();
  };

  const field = (
    <Box component="form" role="search" onSubmit={onSubmit} aria-label={t('search.title')} sx={{ flexGrow: 1, display: 'flex' }}>
      <OutlinedInput
        inputRef={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        type="search"
        size="small"
        placeholder={t('search.fieldShort')}
        autoComplete="off"
        fullWidth
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden fontSize="small" />
          </InputAdornment>
        }
        inputProps={{
          'aria-label': t('search.field'),
          'aria-keyshortcuts': '/',
          title: t('search.shortcut'),
          dir: 'auto',
          maxLength: SEARCH_LIMITS.queryMax,
          enterKeyHint: 'search',
          'data-testid': 'shell-search-input',
        }}
        sx={{ bgcolor: 'action.hover', '& fieldset': { borderColor: 'transparent' } }}
      />
    </Box>
  );

  if (!compact) return <Box sx={{ width: { lg: 280, xl: 360 } }}>{field}</Box>;
  return (
    <>
      <IconButton
        ref={opener}
        color="inherit"
        aria-label={t('search.open')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="shell-search-open"
      >
        <SearchIcon />
      </IconButton>
      {open && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 1,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            bgcolor: 'background.paper',
          }}
          data-testid="shell-search-bar"
        >
          <IconButton aria-label={t('search.close')} onClick={close}>
            <ArrowBackIcon sx={(th) => ({ transform: th.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
          </IconButton>
          {field}
        </Box>
      )}
    </>
  );
}
