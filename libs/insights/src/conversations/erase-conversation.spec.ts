import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { InsightsAccess } from '../insights-access';
import { EraseConversation, EraseConversationHandler } from './conversation.commands';
import { ConversationState } from './conversation.decider';

/** The handler over doubles that record, in order, what it asks of the key store and of the log. */
function handler(state: ConversationState, failAppend = false) {
  const calls: string[] = [];
  const aggregates = {
    load: async () => ({ state, revision: 0n }),
    handle: async () => {
      calls.push('append ConversationErased');
      if (failAppend) throw new Error('crashed');
      return { events: [{ type: 'ConversationErased' }] };
    },
  } as unknown as Aggregates;
  const access = { allowed: async () => undefined } as unknown as InsightsAccess;
  const cipher = { erase: async (subject: string) => void calls.push(`destroy ${subject}`) } as unknown as SubjectCipher;
  return { calls, erase: () => new EraseConversationHandler(aggregates, access, cipher).execute(new EraseConversation(systemCaller('t'), 'o1', 'c1')) };
}

describe('EraseConversation', () => {
  it('destroys the key before it appends the erasure, and answers that it erased', async () => {
    const { calls, erase } = handler({ status: 'ingested', revision: 1, fingerprint: 'f' });
    await expect(erase()).resolves.toBe(true);
    expect(calls).toEqual(['destroy conversation:o1:c1', 'append ConversationErased']);
  });

  it('has destroyed the key already when the append fails (a retry completes it)', async () => {
    const { calls, erase } = handler({ status: 'ingested', revision: 1, fingerprint: 'f' }, true);
    await expect(erase()).rejects.toThrow('crashed');
    expect(calls[0]).toBe('destroy conversation:o1:c1');
  });

  it('destroys no key for a conversation never ingested or erased before', async () => {
    for (const state of [{ status: 'none' }, { status: 'erased' }] as ConversationState[]) {
      const { calls, erase } = handler(state);
      await expect(erase()).resolves.toBe(false);
      expect(calls).toEqual([]);
    }
  });
});
