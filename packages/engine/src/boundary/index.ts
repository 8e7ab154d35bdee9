/**
 * The package's face: the engine's functions guarded at the boundary (`public.ts`). The root
 * `runtime.ts` and `internal-runtime.ts` list the names each entry ships.
 */
export * from './public';
