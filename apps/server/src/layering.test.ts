import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { cycles, importGraph as graphOf, sourceFiles } from '../../../scripts/import-graph.js';

/**
 * No import cycle in apps/server/src (issue 12): the import graph of every source file (tests left
 * out), type-only imports included, because a cycle of types is still two modules that cannot be
 * understood or moved one without the other. Read by scripts/import-graph.ts with the TypeScript
 * parser, resolving relative specifiers and the package's `#src/*` import map.
 */
const importGraph = (root: string) =>
  graphOf(
    root,
    sourceFiles(root).filter((f) => !f.endsWith('.test.ts')),
  );

const cyclesUnder = (root: string) => cycles(importGraph(root)).map((c) => c.map((f) => relative(root, f)));

describe('server import graph', () => {
  it('has no cycle in apps/server/src', () => {
    const root = import.meta.dirname;
    expect(importGraph(root).size).toBeGreaterThan(100);
    expect(cyclesUnder(root)).toEqual([]);
  });

  const fixture = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('finds a cycle through #src, relative and type-only imports', () => {
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), text);
    };
    write('core/cursor.ts', 'export const c = 1;\n');
    write(
      'modules/a/a.service.ts',
      "import { c } from '#src/core/cursor.js';\nimport { b } from '../b/b.service.js';\nexport const a = b + c;\n",
    );
    write('modules/b/b.service.ts', "import type { C } from '../c/c.service.js';\nexport const b = 2;\nexport type B = C;\n");
    write('modules/c/c.service.ts', "export type C = typeof import('../a/a.service.js').a;\n");
    write('modules/c/c.test.ts', "import { a } from '../a/a.service.js';\nexport const t = a;\n");
    expect(cyclesUnder(fixture)).toEqual([['modules/a/a.service.ts', 'modules/b/b.service.ts', 'modules/c/c.service.ts']]);
    write('modules/c/c.service.ts', 'export type C = number;\n');
    expect(cyclesUnder(fixture)).toEqual([]);
  });
});

/**
 * The server layering rules of eslint.config.js, run through ESLint's own API on small sources placed
 * in each folder (as apps/web/src/app/layering.test.ts does for the web), so they cannot silently vanish.
 */
const repoRoot = `${resolve(import.meta.dirname, '../../..')}/`;
const LAYER_RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-imports', 'no-restricted-syntax'];
const eslint = new ESLint({
  cwd: repoRoot,
  // Only the import rules: the type-aware rules need a program, which these snippets do not have.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => LAYER_RULES.includes(ruleId),
});

/** The messages of the layering rules for `code` placed at `file`, a path under apps/server/src/. */
const layerErrors = (file: string, code: string) => serverLayerErrors(`src/${file}`, code);

/** The same for a path under apps/server/ (test/integration/…). */
async function serverLayerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/server/${file}` });
  return (result?.messages ?? []).filter((m) => LAYER_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('server layering (eslint)', () => {
  const drizzle = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
  const schema = "import { posts } from '#src/core/db/schema/index.js';\nexport const p = posts;\n";

  it('refuses Drizzle and the schema tables outside repos, core/db and the seed', async () => {
    expect(await layerErrors('modules/posts/posts.service.ts', drizzle)).toEqual([
      expect.stringContaining('Drizzle only in *.repo.ts'),
    ]);
    expect(
      await layerErrors('modules/tribes/tribes.routes.ts', "import { sql } from 'drizzle-orm/sql';\nexport const s = sql;\n"),
    ).toHaveLength(1);
    expect(await layerErrors('modules/posts/posts.service.ts', schema)).toEqual([expect.stringContaining('schema tables only')]);
    expect(
      await layerErrors(
        'modules/learning/grading.ts',
        "import type { StoredQuestion } from '../../core/db/schema/learning.js';\nexport type Q = StoredQuestion;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'core/rate-limit.ts',
        "import { throttleHits } from './db/schema/index.js';\nexport const t = throttleHits;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('modules/posts/posts.service.ts', "export const load = () => import('#src/core/db/schema/index.js');\n"),
    ).toEqual([expect.stringContaining('Drizzle and the schema tables only')]);
    // The wallet and crypto services and the old core/idempotency.ts were exceptions once: no more.
    for (const former of ['modules/wallet/donations.service.ts', 'modules/crypto/crypto.service.ts', 'core/idempotency.ts']) {
      expect(await layerErrors(former, drizzle)).toEqual([expect.stringContaining('Drizzle only in *.repo.ts')]);
    }
    for (const allowed of ['modules/posts/posts.repo.ts', 'core/db/keyset.ts', 'seed/demo.ts', 'modules/posts/posts.test.ts']) {
      expect(await layerErrors(allowed, drizzle + schema)).toEqual([]);
    }
  });

  it('refuses a module, the realtime layer or the composition root imported from core', async () => {
    const fromCore = (file: string, spec: string) => layerErrors(file, `import * as m from '${spec}';\nexport const v = m;\n`);
    expect(await fromCore('core/auth-guard.ts', '#src/modules/users/users.repo.js')).toEqual([
      expect.stringContaining('core/ imports no module'),
    ]);
    expect(await fromCore('core/auth-guard.ts', '../modules/auth/tokens.service.js')).toHaveLength(1);
    expect(await fromCore('core/db/keyset.ts', '../../modules/posts/posts.repo.js')).toHaveLength(1);
    expect(await fromCore('core/route.ts', '../composition.js')).toHaveLength(1);
    expect(await fromCore('core/route.ts', '#src/realtime/realtime.js')).toHaveLength(1);
    expect(await fromCore('core/route.ts', './errors.js')).toEqual([]);
    expect(await fromCore('core/route.ts', '#src/core/cursor.js')).toEqual([]);
    // Modules may import core and each other (through the entry).
    expect(await fromCore('modules/posts/posts.service.ts', '../tribes/index.js')).toEqual([]);
  });
});

/**
 * Modules behind their entry (issue 38.2), read from the import graph: other code enters
 * modules/<name>/ only through its index.ts, and the modules form no cycle (users declares the ports
 * auth implements, so auth -> users only).
 */
const moduleOf = (root: string, file: string) => /^modules\/([a-z-]+)\//.exec(relative(root, file))?.[1];

function entryBreaches(root: string, graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => {
        const target = moduleOf(root, to);
        return target !== undefined && target !== moduleOf(root, from) && !to.endsWith(`/modules/${target}/index.ts`);
      })
      .map((to) => `${relative(root, from)} -> ${relative(root, to)}`),
  );
}

function moduleGraph(root: string, graph: Map<string, string[]>): Map<string, string[]> {
  const modules = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const source = moduleOf(root, from);
    if (!source) continue;
    const edges = modules.get(source) ?? new Set<string>();
    for (const to of targets) {
      const target = moduleOf(root, to);
      if (target && target !== source) edges.add(target);
    }
    modules.set(source, edges);
  }
  return new Map([...modules].map(([name, edges]) => [name, [...edges]]));
}

describe('server modules behind their entry', () => {
  const root = import.meta.dirname;
  const graph = importGraph(root);

  it('enters another module only through its index.ts, and the modules form no cycle', () => {
    expect(entryBreaches(root, graph)).toEqual([]);
    const modules = moduleGraph(root, graph);
    expect(modules.size).toBeGreaterThan(15);
    expect(modules.get('auth')).toContain('users');
    expect(modules.get('users')).not.toContain('auth');
    expect(cycles(modules)).toEqual([]);
  });

  it('no route file imports the composition root, a repo or a database handle', () => {
    const routes = [...graph].filter(([file]) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(20);
    const reached = routes.flatMap(([file, targets]) =>
      targets
        .filter((to) => /(\/composition\.ts|\.repo\.ts|\/core\/db\/.*)$/.test(to))
        .map((to) => `${relative(root, file)} -> ${relative(root, to)}`),
    );
    expect(reached).toEqual([]);
  });

  it('the graph checks see a breach and a module cycle', () => {
    const file = (path: string) => join(root, path);
    const breach = new Map([
      [file('modules/posts/posts.service.ts'), [file('modules/tribes/tribes.repo.ts'), file('modules/users/index.ts')]],
    ]);
    expect(entryBreaches(root, breach)).toEqual(['modules/posts/posts.service.ts -> modules/tribes/tribes.repo.ts']);
    const cyclic = new Map([
      [file('modules/auth/auth.service.ts'), [file('modules/users/index.ts')]],
      [file('modules/users/users.service.ts'), [file('modules/auth/index.ts')]],
    ]);
    expect(cycles(moduleGraph(root, cyclic))).toEqual([['auth', 'users']]);
  });

  it('ESLint refuses another module entered past its index, and a route file reaching for the composition, a repo or the db', async () => {
    const importing = (spec: string) => `import * as m from '${spec}';\nexport const v = m;\n`;
    const entry = expect.stringContaining('only through its entry');
    expect(await layerErrors('modules/posts/posts.service.ts', importing('../tribes/tribes.repo.js'))).toEqual([entry]);
    expect(await layerErrors('modules/posts/posts.service.ts', importing('#src/modules/tribes/tribe-roles.js'))).toEqual([entry]);
    expect(await layerErrors('composition.ts', importing('./modules/users/users.module.js'))).toEqual([entry]);
    expect(await layerErrors('realtime/authorize.ts', importing('#src/modules/tribes/tribes.repo.js'))).toEqual([entry]);
    expect(await layerErrors('seed/demo.ts', importing('../modules/wallet/ledger.repo.js'))).toEqual([entry]);
    // Through the entry, or a module's own files: allowed.
    expect(await layerErrors('modules/posts/posts.service.ts', importing('../tribes/index.js'))).toEqual([]);
    expect(await layerErrors('composition.ts', importing('./modules/users/index.js'))).toEqual([]);
    expect(await layerErrors('modules/posts/posts.service.ts', importing('./posts.repo.js'))).toEqual([]);
    expect(await layerErrors('modules/posts/posts.test.ts', importing('./posts.repo.js'))).toEqual([]);

    const route = 'modules/tribes/tribes.routes.ts';
    expect(
      await layerErrors(route, "import type { AppContext } from '#src/composition.js';\nexport type C = AppContext;\n"),
    ).toEqual([expect.stringContaining('never the composition root')]);
    expect(await layerErrors(route, importing('../../composition.js'))).toHaveLength(1);
    expect(await layerErrors(route, importing('./tribes.repo.js'))).toEqual([expect.stringContaining('never a repo')]);
    expect(await layerErrors(route, importing('#src/core/db/client.js'))).toEqual([expect.stringContaining('never a repo')]);
    expect(await layerErrors(route, importing('./tribes.service.js'))).toEqual([]);
  });
});

/**
 * A module's entry exposes no repo (issue 38.2): its index.ts exports no `create*Repo` and no `*Repo`
 * type, under its own name or another, and re-exports nothing wholesale from a repo file. Others get
 * the module factory, the services and narrow ports (UserAccounts, TribeReads, ...) the composition passes.
 */
function repoExports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const isRepo = (name: string) => /Repo$/.test(name);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      const from = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : '';
      if (!node.exportClause) {
        if (/\.repo(\.js)?$/.test(from)) found.push(`* from ${from}`);
      } else if (ts.isNamedExports(node.exportClause)) {
        for (const spec of node.exportClause.elements) {
          const names = [spec.name.text, spec.propertyName?.getText(source)].filter((n): n is string => !!n);
          if (names.some(isRepo)) found.push(spec.name.text);
        }
      }
    } else if (
      (ts.isFunctionDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) &&
      exported(node) &&
      node.name &&
      isRepo(node.name.text)
    ) {
      found.push(node.name.text);
    } else if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations)
        if (ts.isIdentifier(d.name) && isRepo(d.name.text)) found.push(d.name.text);
    }
  }
  return found;
}

describe("a module's entry exposes no repo", () => {
  const root = import.meta.dirname;

  it('no modules/<name>/index.ts exports a repo factory or a repo type', () => {
    const entries = readdirSync(join(root, 'modules')).map((name) => join(root, 'modules', name, 'index.ts'));
    expect(entries.length).toBeGreaterThan(15);
    const found = entries.flatMap((file) =>
      repoExports(file, readFileSync(file, 'utf8')).map((e) => `${relative(root, file)}: ${e}`),
    );
    expect(found).toEqual([]);
  });

  it('the check sees a repo exported by name, renamed, declared or wholesale', () => {
    const text = [
      "export { createUsersModule } from './users.module.js';",
      "export { createUsersRepo, isUniqueViolation, type UserRow } from './users.repo.js';",
      "export type { UsersRepo as Accounts } from './users.repo.js';",
      "export * from './people.repo.js';",
      'export type TribesRepo = number;',
      "export type { UserAccounts } from './users.ports.js';",
    ].join('\n');
    expect(repoExports('index.ts', text)).toEqual(['createUsersRepo', 'Accounts', '* from ./people.repo.js', 'TribesRepo']);
  });

  it('ESLint refuses a repo exported from an entry, and allows the ports and row types', async () => {
    const refused = expect.stringContaining("A module's entry exposes no repo");
    const entry = 'modules/users/index.ts';
    expect(await layerErrors(entry, "export { createUsersRepo } from './users.repo.js';\n")).toEqual([refused]);
    expect(await layerErrors(entry, "export type { UsersRepo as Accounts } from './users.repo.js';\n")).toEqual([refused]);
    expect(await layerErrors(entry, "export * from './users.repo.js';\n")).toEqual([refused]);
    expect(await layerErrors(entry, 'export type TribesRepo = number;\n')).toEqual([refused]);
    expect(
      await layerErrors(
        entry,
        "export type { UserAccounts } from './users.ports.js';\nexport { isUniqueViolation, type UserRow } from './users.repo.js';\n",
      ),
    ).toEqual([]);
    // Only the entry: inside the module the repo is exported to its own files.
    expect(await layerErrors('modules/users/users.repo.ts', 'export type UsersRepo = number;\n')).toEqual([]);
  });
});

/**
 * One rule for presenters (issue 38.2): a service returns the answer objects, built by its module's
 * presenter (and publishes presented objects over realtime after the commit); a route never imports
 * a presenter, neither a `*.presenter.ts` nor a `present*` function through a module's entry.
 */
describe('presenters are called by services, never by routes', () => {
  const root = import.meta.dirname;
  const graph = importGraph(root);

  it('no route file imports a presenter, and the presenters are used by services', () => {
    const routes = [...graph].filter(([file]) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(20);
    const reached = routes.flatMap(([file, targets]) =>
      targets.filter((to) => to.endsWith('.presenter.ts')).map((to) => `${relative(root, file)} -> ${relative(root, to)}`),
    );
    expect(reached).toEqual([]);
    const presentingServices = [...graph].filter(
      ([file, targets]) => file.endsWith('.service.ts') && targets.some((to) => to.endsWith('.presenter.ts')),
    );
    expect(presentingServices.length).toBeGreaterThan(10);
    // No entry hands a present* function out (a route could reach it by name there).
    const entries = readdirSync(join(root, 'modules')).map((name) => join(root, 'modules', name, 'index.ts'));
    const handedOut = entries.filter((file) => /export\s*\{[^}]*\bpresent[A-Z]/.test(readFileSync(file, 'utf8')));
    expect(handedOut.map((file) => relative(root, file))).toEqual([]);
  });

  it('ESLint refuses a presenter imported by a route, by file or by name through an entry', async () => {
    const refused = expect.stringContaining('never imports a presenter');
    const route = 'modules/tribes/tribes.routes.ts';
    expect(
      await layerErrors(route, "import { presentTribe } from './tribes.presenter.js';\nexport const p = presentTribe;\n"),
    ).toEqual(expect.arrayContaining([refused]));
    expect(
      await layerErrors(
        route,
        "import type { SignInMethod } from '../identity/identity.presenter.js';\nexport type M = SignInMethod;\n",
      ),
    ).toEqual(expect.arrayContaining([refused]));
    expect(await layerErrors(route, "import { presentUser } from '../users/index.js';\nexport const p = presentUser;\n")).toEqual(
      [refused],
    );
    // A service presents; a route imports services and the users' view port.
    expect(
      await layerErrors(
        'modules/tribes/tribes.service.ts',
        "import { presentTribe } from './tribes.presenter.js';\nexport const p = presentTribe;\n",
      ),
    ).toEqual([]);
    expect(await layerErrors(route, "import type { UserViews } from '../users/index.js';\nexport type V = UserViews;\n")).toEqual(
      [],
    );
  });
});

/**
 * Server integration tests in one place by one rule (issue 38.3): every `*.int.test.ts` lives under
 * apps/server/test/integration/<area>/, <area> a module's name, core, realtime or app; a test there may
 * import its own module's files, and any other module only through its entry.
 */
describe('server integration tests', () => {
  const serverRoot = resolve(import.meta.dirname, '..');
  const modules = readdirSync(join(serverRoot, 'src/modules'));
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules') return [];
      return statSync(path).isDirectory() ? walk(path) : [relative(serverRoot, path)];
    });

  it('live under test/integration/<module|core|realtime|app>/, and nowhere else', () => {
    const tests = [...walk(join(serverRoot, 'src')), ...walk(join(serverRoot, 'test'))].filter((f) => f.endsWith('.int.test.ts'));
    expect(tests.length).toBeGreaterThan(90);
    const areas = new Set([...modules, 'core', 'realtime', 'app']);
    const misplaced = tests.filter((f) => {
      const [top, folder, area, ...rest] = f.split('/');
      return top !== 'test' || folder !== 'integration' || !areas.has(area ?? '') || rest.length === 0;
    });
    expect(misplaced).toEqual([]);
  });

  it("ESLint lets a module's test import the module's files, and any other module only through its entry", async () => {
    const importing = (spec: string) => `import * as m from '${spec}';\nexport const v = m;\n`;
    const entry = expect.stringContaining('only through its entry');
    const walletTest = 'test/integration/wallet/donations.service.int.test.ts';
    expect(await serverLayerErrors(walletTest, importing('#src/modules/wallet/donations.repo.js'))).toEqual([]);
    expect(await serverLayerErrors(walletTest, importing('../../../src/modules/wallet/donations.repo.js'))).toEqual([]);
    expect(await serverLayerErrors(walletTest, importing('#src/modules/tribes/index.js'))).toEqual([]);
    expect(await serverLayerErrors(walletTest, importing('#src/core/db/schema/index.js'))).toEqual([]);
    expect(await serverLayerErrors(walletTest, importing('#src/modules/tribes/tribes.repo.js'))).toEqual([entry]);
    expect(await serverLayerErrors(walletTest, importing('../../../src/modules/tribes/tribes.repo.js'))).toEqual([entry]);
    // A module whose name begins like another's is another module.
    expect(await serverLayerErrors('test/integration/auth/login.int.test.ts', importing('#src/modules/authx/a.js'))).toEqual([
      entry,
    ]);
    // Tests of core, realtime or the whole app, and the helpers, enter every module through its entry.
    for (const file of ['test/integration/core/jobs.int.test.ts', 'test/integration/app/app.int.test.ts', 'test/factories.ts']) {
      expect(await serverLayerErrors(file, importing('#src/modules/wallet/donations.repo.js'))).toEqual([entry]);
      expect(await serverLayerErrors(file, importing('#src/modules/wallet/index.js'))).toEqual([]);
    }
  });
});
