import Link, { type LinkProps } from '@mui/material/Link';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocalePath } from '../app/locale-hooks';

/** A router link to an app path, in the current locale. */
export const LocaleLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'href'> & { to: string }>(function LocaleLink(
  { to, ...props },
  ref,
) {
  const toUrl = useLocalePath();
  return <Link ref={ref} component={RouterLink} to={toUrl(to)} {...props} />;
});

/** For MUI components' `component` prop (Button, ListItemButton...): a router link taking an app path. */
export const RouterLocaleLink = forwardRef<
  HTMLAnchorElement,
  { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>
>(function RouterLocaleLink({ to, ...props }, ref) {
  const toUrl = useLocalePath();
  return <RouterLink ref={ref} to={toUrl(to)} {...props} />;
});
