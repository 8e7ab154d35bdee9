/**
 * The inputs of the `feecast` commands: resource files in the wire format (single objects,
 * arrays, API envelopes, `lago_` exports) and `--now`. Usage events are read by
 * `@feecast/sources`.
 */
export {
  INPUT_KINDS,
  type InputFiles,
  type InputName,
  type Inputs,
  loadInputs,
} from './load-inputs';
export { loadResourceFiles, loadResources } from './load-resources';
export { formatUtc, parseNow, resolveNow } from './now';
export {
  RESOURCE_KIND_NAMES,
  RESOURCE_KINDS,
  type ResourceKind,
  type ResourceKindInfo,
  type Resources,
} from './resource-kinds';
export { resourceHint, resourcesFromJson } from './resources';
