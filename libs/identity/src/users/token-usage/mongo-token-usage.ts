import { AnyBulkWriteOperation, Db } from 'mongodb';
import { TokenUse, TokenUsageStore } from './token-usage.port';

export const TOKEN_USAGE_COLLECTION = 'apiTokenUsage';

interface UsageRecord {
  _id: string;
  usedAt: string;
}

/** `$max` keeps the later time whichever replica writes last; an upsert makes the first record. */
export function usageOperations(uses: readonly TokenUse[]): AnyBulkWriteOperation<UsageRecord>[] {
  return uses.map(({ tokenId, usedAt }) => ({ updateOne: { filter: { _id: tokenId }, update: { $max: { usedAt } }, upsert: true } }));
}

/**
 * The distributed usage table: a collection of the read store's database (not one a projection owns, so a
 * rebuild's swap leaves it alone), written by every API replica directly. The client is the read store's:
 * closing it is the read store's business.
 */
export class MongoTokenUsage extends TokenUsageStore {
  constructor(private readonly db: Db) {
    super();
  }

  async record(uses: readonly TokenUse[]): Promise<void> {
    if (uses.length > 0) await this.db.collection<UsageRecord>(TOKEN_USAGE_COLLECTION).bulkWrite(usageOperations(uses), { ordered: false });
  }

  async lastUsed(tokenIds: readonly string[]): Promise<Map<string, string>> {
    const records = await this.db.collection<UsageRecord>(TOKEN_USAGE_COLLECTION).find({ _id: { $in: [...tokenIds] } }).toArray();
    return new Map(records.map((r) => [r._id, r.usedAt]));
  }

  async close(): Promise<void> {}
}
