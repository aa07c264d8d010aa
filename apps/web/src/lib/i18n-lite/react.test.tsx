import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import realI18next from 'i18next';
import * as realReact from 'react-i18next';
import liteI18next, { type TFunction } from './core';
import * as liteReact from './react';

/** i18n-lite's useTranslation renders as react-i18next's does with the app's options (decision 029): both run here. */
const libraries = [
  { name: 'i18n-lite', i18next: liteI18next, react: liteReact },
  {
    name: 'i18next + react-i18next',
    i18next: realI18next as unknown as typeof liteI18next,
    react: realReact as unknown as typeof liteReact,
  },
];

describe.each(libraries)(
  'useTranslation ($name)',
  ({ i18next, react: { I18nextProvider, initReactI18next, useTranslation } }) => {
    async function instance() {
      const i18n = i18next.createInstance();
      await i18n.use(initReactI18next).init({ lng: 'en', fallbackLng: 'en', resources: {}, react: { useSuspense: false } });
      i18n.addResourceBundle('en', 'translation', { hello: 'Hello {{name}}' }, true, true);
      i18n.addResourceBundle('fr', 'translation', { hello: 'Bonjour {{name}}' }, true, true);
      return i18n;
    }

    it('renders again with a new t when the language changes, and not when messages are added', async () => {
      const i18n = await instance();
      const ts: TFunction[] = [];
      function Greeting() {
        const { t, i18n: fromHook, ready } = useTranslation();
        ts.push(t);
        return (
          <p>
            {t('hello', { name: 'Sam' })} {fromHook.language} {fromHook.dir()} {String(ready)}
          </p>
        );
      }
      render(
        <I18nextProvider i18n={i18n}>
          <Greeting />
        </I18nextProvider>,
      );
      expect(screen.getByText('Hello Sam en ltr true')).toBeInTheDocument();
      const renders = ts.length;
      act(() => void i18n.addResourceBundle('en', 'translation', { hello: 'Hi {{name}}' }, true, true));
      expect(ts).toHaveLength(renders);
      await act(() => i18n.changeLanguage('fr'));
      expect(screen.getByText('Bonjour Sam fr ltr true')).toBeInTheDocument();
      expect(ts.at(-1)).not.toBe(ts[renders - 1]);
      await act(() => i18n.changeLanguage('ar'));
      // Arabic has no messages here: English, the fallback, and its direction (i18next's dir() follows the
      // language that had messages when it was applied; the app loads a language's messages before applying it).
      expect(screen.getByText('Hi Sam ar ltr true')).toBeInTheDocument();
    });

    it('without a provider, takes the instance initReactI18next was given; the array form holds the same', async () => {
      const i18n = await instance();
      function Plain() {
        const [t, fromHook] = useTranslation();
        return <p>{`${t('hello', { name: 'Ada' })} ${String(fromHook.language === i18n.language)}`}</p>;
      }
      render(<Plain />);
      expect(screen.getByText('Hello Ada true')).toBeInTheDocument();
    });
  },
);
