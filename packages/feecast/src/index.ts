/**
 * feecast: the `feecast` command and the local billing API server.
 * Node only.
 * @packageDocumentation
 */
export { EXIT, type Io } from './io';
export { main } from './main';
export * from './server/index';
