import type { Plugin } from 'vite';

/** The contract's files and the schemas they are built of: modules that declare, and do nothing else. */
export const DECLARATIONS = /packages[\\/]shared[\\/]src[\\/](contract|schemas)[\\/][^\\/]+\.ts$/;

/** What the web app reads of an endpoint at run time (lib/api-client.ts): its method and path. */
const KEPT = new Set(['method', 'path']);

/** An ESTree node as Rolldown's `parse` gives it (only what the build transforms read). */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Every `endpoint({ ... })` call's object argument, outermost first. */
function* endpointArguments(node: Node): Generator<Node> {
  if (
    node.type === 'CallExpression' &&
    isNode(node.callee) &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'endpoint'
  ) {
    const [arg] = node.arguments as Node[];
    if (arg?.type === 'ObjectExpression') {
      yield arg;
      return;
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) yield* endpointArguments(child);
    } else if (isNode(value)) yield* endpointArguments(value);
  }
}

/** An object property's plain name (an identifier or a string), null for a computed key or a spread. */
export function keyName(property: Node): string | null {
  const key = property.key as Node | undefined;
  if (property.type !== 'Property' || property.computed || !key) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

/** The calls that run when `node` is evaluated: not those inside a function it declares (a refinement runs later). */
function* callsIn(node: Node): Generator<Node> {
  if (FUNCTION.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) yield* callsIn(child);
    } else if (isNode(value)) yield* callsIn(value);
  }
}

/**
 * Each call that builds a top-level `const` (`z.object({ items: z.array(X) })`, `pageOf(X)`), the
 * calls in its arguments included: a pure mark covers a call, not the calls that make its arguments.
 */
function* topLevelCalls(program: Node): Generator<Node> {
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (isNode(declarator.init)) yield* callsIn(declarator.init);
    }
  }
}

/**
 * Rewrites a contract or schema module (already plain JavaScript) for the browser: each
 * `endpoint({...})` keeps only its method and path, and each top-level `const` built by a call is
 * marked pure, so the bundler leaves out the ones nothing reads. Null when there is nothing to change.
 */
export function forBrowser(code: string, parse: (code: string) => Node): string | null {
  const program = parse(code);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const arg of endpointArguments(program)) {
    const kept = (arg.properties as Node[]).filter((p) => KEPT.has(keyName(p) ?? '')).map((p) => code.slice(p.start, p.end));
    edits.push({ start: arg.start, end: arg.end, text: `{ ${kept.join(', ')} }` });
  }
  const marked = new Set<number>();
  const replaced = edits.map(({ start, end }) => ({ start, end }));
  for (const call of topLevelCalls(program)) {
    if (replaced.some((r) => call.start >= r.start && call.start < r.end)) continue; // gone with an endpoint's schemas
    if (marked.has(call.start)) continue; // a chain (`z.string().min(1)`): one mark before it covers it
    marked.add(call.start);
    edits.push({ start: call.start, end: call.start, text: '/* @__PURE__ */ ' });
  }
  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * The browser's copy of the contract: endpoints with their method and path, without the zod schemas
 * of their params, query, body and answer. The server validates and serialises with those; the web
 * app only builds URLs from an endpoint (its types still come from the full declaration). With the
 * declarations marked pure, the schemas no form refers to are left out of the bundle, and the forms'
 * own load with them on first use (lib/form-schemas.ts): a page no longer builds some 400 schemas when
 * it starts (decision 021).
 */
export function contractForBrowser(): Plugin {
  return {
    name: 'tribes:contract-for-browser',
    apply: 'build',
    transform: {
      filter: { id: DECLARATIONS },
      handler(code) {
        const stripped = forBrowser(code, (source) => this.parse(source) as unknown as Node);
        return stripped === null ? null : { code: stripped, map: null };
      },
    },
  };
}
