import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { WorkerPool } from '@folio/platform/workers/worker-pool';
import { ConversationText } from '../conversations/conversation.events';
import { MAX_ANALYSED_CHARACTERS, MAX_SUBJECT_CHARACTERS } from './customer-messages';
import { IssueExtraction } from './default-issue-extraction';
import { extractIssues, termsOf } from './default-extractor';

// Worker threads run the built code: build it when a source is newer (as the e2e setup does).
const BUILD_TIMEOUT_MS = 300_000;

const text: ConversationText = {
  subject: 'Webhooks',
  metadata: { attributes: {}, createdAt: '2026-11-02T10:00:00.000Z' },
  parts: [
    { type: 'message', role: 'user', body: "I can't configure the webhooks for my repository. Where is the billing page?" },
    { type: 'message', role: 'assistant', body: 'The webhook settings are missing for free plans.' },
  ],
};

describe('IssueExtraction', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    execFileSync(process.execPath, [join(__dirname, '../../../../scripts/build-if-needed.js')], { stdio: 'inherit' });
  }, BUILD_TIMEOUT_MS);
  beforeEach(() => (pool = new WorkerPool({ threads: 1, maxQueue: 2 })));
  afterEach(() => pool.close());

  it("extracts a conversation's issues in a worker thread of the pool, answering what the default extractor answers", async () => {
    const run = jest.spyOn(pool, 'run');
    const extraction = new IssueExtraction(pool);
    const issues = await extraction.extract(text);
    expect(run).toHaveBeenCalledWith(
      expect.stringMatching(/dist\/libs\/insights\/src\/analysis\/issue-extraction\.worker\.js$/),
      'extract',
      { ...text, parts: [text.parts[0]] },
      expect.objectContaining({ timeoutMs: 30_000 }),
    );
    expect(issues).toEqual(extractIssues(text));
    expect(issues.map((issue) => issue.title)).toEqual(['Cannot configure webhook', 'Cannot find billing page']);
    expect(extraction.name).toBe('default');
  }, 30_000);

  it("lemmatizes an issue's texts in the thread as the default extractor does", async () => {
    const texts = ['Webhooks failing', 'The webhook fails'];
    expect(await new IssueExtraction(pool).terms([texts, ['Where is the billing page?']])).toEqual([termsOf(texts), termsOf(['Where is the billing page?'])]);
    expect(termsOf(texts)).toEqual({ webhook: 2, fail: 2 });
  }, 30_000);

  it('hands the thread only what is analysed: the customer messages, bounded', async () => {
    const fake = { run: jest.fn().mockResolvedValue([]) };
    const body = 'x'.repeat(64 * 1024);
    const parts = Array.from({ length: 200 }, (_, i) => ({ type: 'message' as const, role: i % 2 ? 'agent' : 'user', body }));
    await new IssueExtraction(fake as unknown as WorkerPool).extract({ ...text, subject: 's'.repeat(2000), parts });
    const sent = fake.run.mock.calls[0][2] as ConversationText;
    expect(sent.parts.every((part) => part.role === 'user')).toBe(true);
    expect(sent.parts.reduce((sum, part) => sum + part.body.length, 0)).toBe(MAX_ANALYSED_CHARACTERS);
    expect(sent.subject).toHaveLength(MAX_SUBJECT_CHARACTERS);
  });

  it('extracts on the calling thread without a pool', async () => {
    expect(await new IssueExtraction(null).extract(text)).toEqual(extractIssues(text));
  });
});
