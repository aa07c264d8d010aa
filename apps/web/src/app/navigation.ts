import { LOCALE_STRATEGY } from './config';
import { localeStore } from './i18n';
import { localizePath } from './locale-routing';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
let navigator: Navigate | null = null;

/** The router registers itself here so code outside components (the API client) can navigate. */
export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Goes to an app path in the current locale; resolves once the router has moved. */
export async function navigateTo(path: string, options?: { replace?: boolean }): Promise<void> {
  const url = localizePath(path, localeStore.get(), LOCALE_STRATEGY);
  if (navigator) await navigator(url, options);
  else window.location.assign(url);
}
