import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The app/ modules features may import (the API client, configuration, i18n, locale routing, navigation). */
const WEB_SEAMS = ['api', 'config', 'i18n', 'locale-hooks', 'locale-routing', 'locale-cookie', 'navigation', 'layouts/panel-nav'];

/** Another module's file other than its entry, by `#src/modules/<name>/…` or by `../<name>/…` from inside a module. */
const MODULE_ENTRY_PATTERNS = [
  {
    regex: '(^#src/modules/|^(\\.\\.?/)+(src/)?modules/)[a-z-]+/(?!index\\.js$)[^/]+$',
    message: 'Enter another module only through its entry, modules/<name>/index.js (issue 38.2): export what it needs there.',
  },
];
/**
 * The one exemption: an integration test under apps/server/test/integration/<name>/ tests module <name>
 * from outside its folder, so it may import that module's files; any other module only through its entry.
 */
const SERVER_MODULES = readdirSync(new URL('apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ownModuleTestPatterns = (name) => [
  {
    regex: `(^#src/modules/|^(\\.\\.?/)+(src/)?modules/)(?!${name}/)[a-z-]+/(?!index\\.js$)[^/]+$`,
    message: `A test of module ${name} may import its files; another module only through its entry, modules/<name>/index.js (issue 38.2).`,
  },
];
/** The same from a module's own files, where a sibling module is `../<name>/…`. */
const SIBLING_MODULE_PATTERNS = [
  {
    regex: '^\\.\\./[a-z-]+/(?!index\\.js$)[^/]+$',
    message: 'Enter another module only through its entry, ../<name>/index.js (issue 38.2): export what it needs there.',
  },
];
/** What a route plugin must not reach for: it receives its services instead. */
const ROUTE_PATTERNS = [
  {
    regex: '(^#src/|/)composition(\\.js)?$',
    message: 'A route plugin receives the services it uses, never the composition root (declare a <Name>RoutesDeps).',
  },
  {
    regex: '\\.repo(\\.js)?$|(^#src/|/)core/db/',
    message: 'A route plugin calls services, never a repo or a database handle: move the call into a service.',
  },
  // One rule for presenters (issue 38.2): services return the answer objects, built by their module's presenter.
  {
    regex: '\\.presenter(\\.js)?$',
    message: "A route plugin never imports a presenter: the service returns the answer object (built by its module's presenter).",
  },
  {
    regex: '(^#src/modules/|^\\.\\./)[a-z-]+/index(\\.js)?$',
    importNamePattern: '^present[A-Z]',
    message: "A route plugin never imports a presenter: the service returns the answer object (built by its module's presenter).",
  },
];
/** The web features (apps/web/src/features/<name>/): each stands apart, importing no other (issue 38.1). */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** What a file of `feature` may not import: app/ beyond its seams, and any other feature. */
function featurePatterns(feature) {
  const others = WEB_FEATURES.filter((f) => f !== feature).join('|');
  const apart =
    'A feature imports no other feature: the page (routes/) or app/ composes them, passing components as props or slots; what several need belongs in lib/ or components/.';
  return [
    {
      regex: `(^|/)app/(?!(${WEB_SEAMS.join('|')})$)`,
      message: `Features reach app/ only through its seams: ${WEB_SEAMS.map((s) => `app/${s}`).join(', ')}.`,
    },
    // '../../features/posts/api' from anywhere inside another feature...
    { regex: `(^|/)features/(?!${feature}(/|$))`, message: apart },
    // ...and the sibling form, '../posts/api' or '../../posts/components/x' (no feature is named like a folder of lib/ or components/).
    { regex: `^(\\.\\./)+(${others})(/|$)`, message: apart },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/src/core/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Query keys come from the features' key factories (postKeys, tribeKeys, moneyKeys...), never inline arrays.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Owned by engineers mid-change (issue 12): their last inline keys move to their factories next.
    ignores: ['apps/web/src/features/learning/api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "A query key comes from the feature's key factory (e.g. tribeKeys.detail(ref)), not an inline array.",
        },
        {
          selector: "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
          message: "A query key comes from the feature's key factory (e.g. tribeKeys.detail(ref)), not an inline array.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression.arguments:first-child',
          message: "A query key comes from the feature's key factory (e.g. tribeKeys.detail(ref)), not an inline array.",
        },
        // zod and the shared schemas load when a form first validates (lib/form-schemas.ts): a static
        // import would build them on every page again.
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/^@tribes\\u002Fshared/] > ImportSpecifier[importKind!='type'][imported.name=/Schema$/]",
          message:
            'A form reaches the shared schemas through lazyParser((s) => s.XSchema) (lib/form-resolver.ts), not a static import.',
        },
        {
          selector: "ImportDeclaration[importKind!='type'][source.value=/^zod(\\u002F|$)/]",
          message: 'zod loads with the form schemas (lib/form-schemas.ts), not with a page.',
        },
      ],
    },
  },
  // Web layers (docs/ARCHITECTURE.md): components/ and lib/ import no feature; features reach app/
  // only through its seams, which import no feature themselves (so no feature -> app -> feature cycle).
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/', message: 'components/ and lib/ are generic: they import no feature.' }] },
      ],
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(feature) }] },
  })),
  {
    files: WEB_SEAMS.map((s) => `apps/web/src/app/${s}.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)features/', message: 'An app/ seam imports no feature (features import it).' },
            {
              regex: `^\\./(?!(${WEB_SEAMS.join('|')})$)`,
              message: `An app/ seam imports only other seams: ${WEB_SEAMS.join(', ')}.`,
            },
          ],
        },
      ],
    },
  },
  // Server layers (issue 12): Drizzle and the schema's tables only in repos (`*.repo.ts`), core/db and
  // the seed; services hold rules and ask repos. Tests may set up rows directly.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/core/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/|$)', message: 'Drizzle only in *.repo.ts, core/db and the seed: ask a repo.' },
            { regex: '(^|/)db/schema(/|$)', message: 'The schema tables only in *.repo.ts, core/db and the seed: ask a repo.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^drizzle-orm(\\u002F|$)|db\\u002Fschema/]',
          message: 'Drizzle and the schema tables only in *.repo.ts, core/db and the seed: ask a repo.',
        },
      ],
    },
  },
  // Modules behind their entry (issue 38.2): other code enters modules/<name>/ only through its index.ts;
  // a module's own files import each other relatively (./x.js). Route plugins receive the services
  // they use: no route file imports the composition root, a repo or a database handle. The one
  // exemption: an integration test in test/integration/<name>/ may import module <name>'s own files.
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: MODULE_ENTRY_PATTERNS }] },
  },
  ...SERVER_MODULES.map((name) => ({
    files: [`apps/server/test/integration/${name}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: ownModuleTestPatterns(name) }] },
  })),
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...MODULE_ENTRY_PATTERNS, ...SIBLING_MODULE_PATTERNS] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...MODULE_ENTRY_PATTERNS, ...SIBLING_MODULE_PATTERNS, ...ROUTE_PATTERNS] }],
    },
  },
  // A module's entry exposes no repo (issue 38.2): no `create*Repo`, no `*Repo` type, nothing re-exported
  // wholesale from a repo file. Others get the module's factory, its services and its narrow ports.
  // (The Drizzle selector of the server block is repeated: a later no-restricted-syntax replaces it.)
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^drizzle-orm(\\u002F|$)|db\\u002Fschema/]',
          message: 'Drizzle and the schema tables only in *.repo.ts, core/db and the seed: ask a repo.',
        },
        ...[
          'ExportSpecifier:matches([local.name=/Repo$/], [exported.name=/Repo$/])',
          'ExportAllDeclaration[source.value=/\\.repo(\\.js)?$/]',
          'ExportNamedDeclaration > FunctionDeclaration[id.name=/Repo$/]',
          'ExportNamedDeclaration > :matches(TSTypeAliasDeclaration, TSInterfaceDeclaration)[id.name=/Repo$/]',
          'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/Repo$/]',
        ].map((selector) => ({
          selector,
          message:
            "A module's entry exposes no repo (issue 38.2): export its module factory, services and a narrow port (a Pick of the repo) instead.",
        })),
      ],
    },
  },
  // core/ is below the modules: it imports no module (the composition root, src/composition.ts, wires them).
  {
    files: ['apps/server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#src/|(\\.\\./)+)(modules|realtime|composition|app)(/|\\.js$|$)',
              message: 'core/ imports no module: define the narrow interface core needs and let the module implement it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
