/**
 * The package's face: the engine's functions guarded at the boundary (`public.ts`) and its
 * plain helpers lifted to an `Either` (`lifted.ts`). The root `runtime.ts` lists the names it
 * ships; both files export only those.
 */
export * from './lifted';
export * from './public';
