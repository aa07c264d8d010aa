import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No import cycle in apps/server/src (issue 12): the import graph of every source file (tests left
 * out), type-only imports included, because a cycle of types is still two modules that cannot be
 * understood or moved one without the other. Built with the TypeScript parser, resolving relative
 * specifiers and the package's `#src/*` import map.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const specifiers: string[] = [];
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg && ts.isStringLiteral(arg)) specifiers.push(arg.text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        specifiers.push(node.argument.literal.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const targets = specifiers
      .map((s) => (s.startsWith('#src/') ? join(root, s.slice(5)) : s.startsWith('.') ? resolve(dirname(file), s) : undefined))
      .map((p) => p?.replace(/\.js$/, '.ts'))
      .filter((p): p is string => p !== undefined && known.has(p));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every strongly connected component of more than one file (or a file importing itself): Tarjan. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

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
