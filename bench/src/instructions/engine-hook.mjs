/**
 * Resolves `@feecast/engine` to the built entry named by `FEECAST_ENGINE` (another checkout's
 * `packages/engine/dist/index.js`), so that the same benchmark runs on two builds:
 * `FEECAST_ENGINE=<dist/index.js> node --import ./src/instructions/engine-hook.mjs --import tsx src/run.ts invoice`.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const engine = process.env.FEECAST_ENGINE;
if (engine !== undefined && engine !== '') {
  const target = pathToFileURL(engine).href;
  const hook = `export async function resolve(specifier, context, next) {
    return specifier === '@feecast/engine' ? { url: ${JSON.stringify(target)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
