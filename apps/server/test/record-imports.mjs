// `node --import ./test/record-imports.mjs ...`: appends the URL of every module the process
// resolves through the ESM loader (a package's entry included) to the file named by IMPORTS_LOG.
// The built-server test reads it to see which packages a start loads before its first answer.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.IMPORTS_LOG) appendFileSync(process.env.IMPORTS_LOG, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
