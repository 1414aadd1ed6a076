/** One recorded use of a token: the time it was used, to the granularity `TokenUsage` records at. */
export interface TokenUse {
  tokenId: string;
  usedAt: string;
}

/**
 * When each API token was last used: operational telemetry beside the event log, not in it (see
 * TokenUsage). Writes only ever move a token's time forward, so replicas and retries may record in any order.
 */
export abstract class TokenUsageStore {
  /** Records these uses together; an older time than the one stored changes nothing. */
  abstract record(uses: readonly TokenUse[]): Promise<void>;
  /** The last recorded use of each of these tokens; a token never used is absent. */
  abstract lastUsed(tokenIds: readonly string[]): Promise<Map<string, string>>;
  abstract close(): Promise<void>;
}
