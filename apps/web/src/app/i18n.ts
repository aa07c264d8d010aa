import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, localeDir, type Locale } from '@tribes/shared/locales';
import { createStore } from '../lib/external-store';
import { loadServerMessages } from '../lib/server-messages';

type Messages = Record<string, unknown>;

// One chunk per language, fetched only when that language is used.
const loaders = import.meta.glob<{ default: Messages }>('../locales/*.json');
// Features may keep their own messages beside them (features/<feature>/locales/<lang>.json), merged into the same bundle.
const featureLoaders = import.meta.glob<{ default: Messages }>('../features/*/locales/*.json');

export const i18n = i18next.createInstance();

/** The language the interface currently shows (after its messages loaded). */
export const localeStore = createStore<Locale>(DEFAULT_LOCALE);

/** Loads a language's messages once (the interface's and the server's: forms translate the shared rules). */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all([loadInterfaceMessages(locale), loadServerMessages(locale)]);
}

async function loadInterfaceMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const load = loaders[`../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  const extra = Object.entries(featureLoaders)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .map(([, loadFeature]) => loadFeature());
  const mods = await Promise.all([load(), ...extra]);
  for (const mod of mods) i18n.addResourceBundle(locale, 'translation', mod.default, true, true);
}

/** Sets <html lang dir> for a locale (specification section 4). */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDir(locale);
  // The installed app takes its name and direction from the manifest of the page's language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.webmanifest?lang=${locale}`);
}

let initialised: Promise<unknown> | null = null;

/** Starts i18next in a language; call once before the first render. */
export async function initI18n(locale: Locale): Promise<void> {
  initialised ??= i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await initialised;
  await changeLocale(locale);
}

/** Switches the interface language: messages first, then i18next, the document and the store. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadMessages(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
  localeStore.set(locale);
}
