/**
 * A start refused for a reason the operator can fix (configuration, a taken port, an unwritable
 * DATA_DIR). The process prints its message as one line on stderr, without a stack, and exits 1.
 */
export class StartupError extends Error {}

/** What a process's `main().catch` prints: the one line of a StartupError, the stack of anything else. */
export function describeFatal(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  return (error instanceof Error && error.stack) || String(error);
}
