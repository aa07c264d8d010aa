import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, localeDir, type Locale } from '@tribes/shared/locales';
import { createStore } from '../lib/external-store';
import { loadServerMessages } from '../lib/server-messages';
import { isGuestMessages } from '../lib/guest-messages';

type Messages = Record<string, unknown>;

// The app's messages and the guest pages' features, one chunk per language (lib/guest-messages.ts lists those
// features; vite.config.ts chunks by it); the signed-in features' messages a second chunk, loaded with the first
// page that is not a guest page (loadMemberMessages): /sign-in does not download the feed's, the money's... words.
const loaders = import.meta.glob<{ default: Messages }>('../locales/*.json');
const featureLoaders = import.meta.glob<{ default: Messages }>('../features/*/locales/*.json');

export const i18n = i18next.createInstance();

/** The language the interface currently shows (after its messages loaded). */
export const localeStore = createStore<Locale>(DEFAULT_LOCALE);

type Part = 'guest' | 'member';
const loading = new Map<string, Promise<void>>();
/** Whether the signed-in features' messages are wanted (a page other than a guest page was loaded, or a test). */
let memberWanted = !import.meta.env.PROD;
/** The language being applied or shown (null before the start's). */
let target: Locale | null = null;

/** Loads a language's messages once (the interface's and the server's: forms translate the shared rules). */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all([
    loadInterfaceMessages(locale, 'guest'),
    memberWanted ? loadInterfaceMessages(locale, 'member') : undefined,
    loadServerMessages(locale),
  ]);
}

/**
 * The signed-in features' messages in the interface's language, before a page that needs them renders (the
 * page loaders of app/routes.tsx wait for it); a later change of language loads them with the rest.
 */
export async function loadMemberMessages(): Promise<void> {
  memberWanted = true;
  // Before the start's language (the first page's code is fetched first): the start loads them along.
  if (target) await loadInterfaceMessages(target, 'member');
}

function loadInterfaceMessages(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadInterfacePart(locale, part);
    loading.set(key, promise);
    promise.catch(() => loading.delete(key));
  }
  return promise;
}

async function loadInterfacePart(locale: Locale, part: Part): Promise<void> {
  const load = loaders[`../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  const features = Object.entries(featureLoaders)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .filter(([path]) => isGuestMessages(path) === (part === 'guest'))
    .map(([, loadFeature]) => loadFeature());
  const mods = await Promise.all(part === 'guest' ? [load(), ...features] : features);
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
  // The messages are asked for at once (the start asks for them before the page's code), not after i18next's init.
  const messages = loadMessages(locale);
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
  await messages;
  await changeLocale(locale);
}

/** Switches the interface language: messages first, then i18next, the document and the store. */
export async function changeLocale(locale: Locale): Promise<void> {
  target = locale;
  await loadMessages(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
  localeStore.set(locale);
}
