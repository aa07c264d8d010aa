import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, type Locale } from '@tribes/shared/locales';

/** The list of languages; its own chunk, loaded when the switcher first opens. */
export default function LanguageMenu({
  anchor,
  current,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement;
  current: Locale;
  onClose: () => void;
  onChoose: (l: Locale) => void;
}) {
  return (
    <Menu id="language-menu" anchorEl={anchor} open onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem key={l.code} lang={l.code} dir={l.dir} selected={l.code === current} onClick={() => onChoose(l.code)}>
          {l.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
