import { useState } from 'react';

/**
 * True from the first render in which `open` is true, and for good after: a closed menu, popover or
 * dialog is not mounted at all until it is first opened (in a list, one per card, they were rendered and
 * styled on every card of the first page, closed), and stays mounted once opened, so its closing
 * transition plays and what was typed in it is kept.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
