/**
 * How long one import or export may run before it is recorded `timeout` (the spec's `operationTimeout`): the
 * Git adapter bounds each command itself; this bounds the whole (checkout, import or export, commit, push).
 */
export const GIT_OPERATION_TIMEOUT_MS = 10 * 60 * 1000;
