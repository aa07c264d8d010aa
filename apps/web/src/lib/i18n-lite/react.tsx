import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './core';

/**
 * react-i18next's API as the web uses it (decision 029), in the production build in its place: the provider,
 * initReactI18next, and useTranslation() with no namespace or option. As react-i18next's defaults
 * (bindI18n: 'languageChanged', no store binding), a component renders again when the language changes, with
 * a new `t` fixed to the new language; added messages do not re-render (the app loads them before the
 * language is applied or the page renders).
 */

interface Snapshot {
  t: TFunction;
  lng: string | undefined;
  ready: boolean;
  revision: number;
}

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const I18nContext = createContext<I18n | null>(null);
let globalI18n: I18n | null = null;

export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    globalI18n = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): Translation {
  const i18n = (useContext(I18nContext) ?? globalI18n)!;
  const snapshot = useRef<Snapshot | null>(null);
  // Each 'languageChanged' gives a new `t`, as react-i18next's revision does (even to the same language).
  const revision = useRef(0);
  const subscribe = useCallback(
    (changed: () => void) => {
      const onChange = () => {
        revision.current += 1;
        changed();
      };
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const getSnapshot = useCallback(() => {
    const last = snapshot.current;
    const current = { lng: i18n.language, ready: i18n.isInitialized, revision: revision.current };
    if (last && last.lng === current.lng && last.ready === current.ready && last.revision === current.revision) return last;
    snapshot.current = { ...current, t: i18n.getFixedT(i18n.language, 'translation') };
    return snapshot.current;
  }, [i18n]);
  const { t, ready } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(() => Object.assign([t, i18n, ready] as [TFunction, I18n, boolean], { t, i18n, ready }), [t, i18n, ready]);
}
