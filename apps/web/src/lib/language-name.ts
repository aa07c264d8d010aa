const names = new Map<string, Intl.DisplayNames | null>();

/**
 * A language's name in the reader's language ("fr" read in Spanish: "francés"), from Intl.DisplayNames;
 * the code itself where the browser cannot name it.
 */
export function languageName(code: string, locale: string): string {
  let display = names.get(locale);
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      display = null;
    }
    names.set(locale, display);
  }
  try {
    return display?.of(code) ?? code;
  } catch {
    return code;
  }
}
