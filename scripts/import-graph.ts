/**
 * The import graph of a source tree, read with the TypeScript parser: what the layering and
 * reachability tests of apps/server and apps/web walk (issue 38). Static imports, re-exports,
 * `import()` and `import('…')` types all count; bare package specifiers are left out. Relative
 * specifiers resolve as the bundlers do (`./x.js` → `./x.ts` or `./x.tsx`, a folder → its index), and
 * `#src/…` to the tree's root.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** Every .ts and .tsx file under `dir`, declaration files and `skip`ped folders left out. */
export function sourceFiles(dir: string, skip: readonly string[] = ['node_modules', 'migrations']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.includes(name) ? [] : sourceFiles(path, skip);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers a file names. */
export function specifiersOf(file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** File → the files of `files` it imports. `root` is what `#src/` names. */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveSpecifier = (from: string, specifier: string): string | undefined => {
    const base = specifier.startsWith('#src/')
      ? join(root, specifier.slice(5))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined;
    if (base === undefined) return undefined;
    const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiersOf(file)
      .map((s) => resolveSpecifier(file, s))
      .filter((p): p is string => p !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The files of the graph that no path from `entries` reaches. */
export function unreachable(graph: ReadonlyMap<string, readonly string[]>, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return [...graph.keys()].filter((f) => !seen.has(f)).sort();
}

/** A test, or a file of a test-helper folder (`test/`), which the product's entries never reach. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /\.test-utils\.tsx?$/.test(file) || /(^|\/)test\//.test(file);
}

/**
 * The source files (tests and test helpers left out) that none of `entries` reaches: dead code,
 * or a helper that belongs beside the tests that use it.
 */
export function unreachableSources(root: string, entries: readonly string[], skip?: readonly string[]): string[] {
  const files = sourceFiles(root, skip);
  const sources = files.filter((f) => !isTestFile(f.slice(root.length)));
  return unreachable(
    importGraph(root, sources),
    entries.map((e) => resolve(root, e)),
  );
}

/** Every strongly connected component of more than one file (or a file importing itself): Tarjan. */
export function cycles(graph: Map<string, string[]>): string[][] {
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
