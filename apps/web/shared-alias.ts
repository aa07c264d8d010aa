import { fileURLToPath } from 'node:url';

const src = (file: string) => fileURLToPath(new URL(`../../packages/shared/src/${file}`, import.meta.url));

/**
 * Side-effect-free corners of @tribes/shared. The package entry also loads zod and every schema;
 * the shell needs only constants and the locale list, so it imports these and the first page
 * stays small. tsconfig.json "paths" mirrors this for the type checker.
 */
export const sharedAlias = {
  '@tribes/shared/constants': src('constants.ts'),
  '@tribes/shared/locales': src('locales.ts'),
  '@tribes/shared/contract/paths': src('contract/paths.ts'),
  // The server message catalogues, one language at a time (lib/server-messages.ts), and their translator.
  '@tribes/shared/i18n': src('i18n'),
};
