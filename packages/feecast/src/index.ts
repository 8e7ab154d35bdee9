/**
 * feecast: the `feecast` command and (in a later release) the local billing API server.
 * Node only.
 * @packageDocumentation
 */
export { EXIT, type Io } from './io';
export { main } from './main';
