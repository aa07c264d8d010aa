import type { Plugin } from 'vite';
import { isNode, keyName, type Node } from './contract-for-browser';

/** The server's message catalogues, one a language (packages/shared/src/i18n/<locale>.ts). */
export const SERVER_CATALOGUES = /packages[\\/]shared[\\/]src[\\/]i18n[\\/](en|ar|fr|he|es)\.ts$/;

/**
 * What the web app translates with them (lib/server-messages.ts): the validation rules' messages, which its forms
 * show as the API would (a zod issue's key, the password policy's rules). The rest (mails, notifications, receipts,
 * API errors the server words itself) is the server's own.
 */
export const BROWSER_MESSAGE_PREFIX = 'validation.';

/**
 * Rewrites a catalogue module (already plain JavaScript: `export const en = { 'key': 'text', ... }`) so its object
 * keeps only the messages the browser translates. Null when the module has no such object (left as it is).
 */
export function catalogueForBrowser(code: string, parse: (code: string) => Node): string | null {
  const program = parse(code);
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init;
      if (!isNode(init) || init.type !== 'ObjectExpression') continue;
      const properties = init.properties as Node[];
      // Anything but plain `'key': value` pairs (a spread, a computed key) is not a catalogue this knows.
      if (properties.some((p) => keyName(p) === null)) return null;
      const kept = properties.filter((p) => keyName(p)!.startsWith(BROWSER_MESSAGE_PREFIX));
      return `${code.slice(0, init.start)}{\n${kept.map((p) => code.slice(p.start, p.end)).join(',\n')}\n}${code.slice(init.end)}`;
    }
  }
  return null;
}

/**
 * The browser's copy of the server's catalogues: the validation messages only (about a fifth of each; 7.5 of the
 * 182 KB a first /sign-in loaded were the English catalogue, issue 42). The server, and the component tests, read
 * the whole files.
 */
export function serverMessagesForBrowser(): Plugin {
  return {
    name: 'tribes:server-messages-for-browser',
    transform: {
      filter: { id: SERVER_CATALOGUES },
      handler(code) {
        const stripped = catalogueForBrowser(code, (source) => this.parse(source) as unknown as Node);
        return stripped === null ? null : { code: stripped, map: null };
      },
    },
  };
}
