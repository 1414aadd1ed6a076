import { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@folio/platform/config/config';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { ConversationText } from '../conversations/conversation.events';
import { IssueExtraction } from './default-issue-extraction';
import { extractIssues, termsOf } from './default-extractor';
import { issueExtractorFrom } from './issue-extractors';
import { LLM_LIMITS, LlmIssueExtractor } from './llm-extractor';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  authorization?: string;
  body: Record<string, unknown>;
}

const text: ConversationText = {
  subject: 'Webhooks',
  metadata: { attributes: {}, createdAt: '2026-11-02T10:00:00.000Z' },
  parts: [
    { type: 'message', role: 'user', body: "Hi, I can't configure the webhooks for my repository." },
    { type: 'message', role: 'assistant', body: 'Internal note: secret agent answer.' },
    { type: 'message', role: 'user', body: 'Also, where is the billing page?' },
  ],
};

const issues = [
  { title: 'Cannot configure webhooks', summary: 'The customer could not configure webhooks for a repository.', keyPhrases: ['Webhooks', 'repository'] },
  { title: 'Billing page hard to find', summary: 'The customer did not find the billing page.', keyPhrases: ['billing page'] },
];

/** A completion as OpenAI's chat completions API answers it, `content` the model's text. */
const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1764200000,
  model: 'llama3.1',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

/** A server answering POST /v1/chat/completions as OpenAI does (`answer` the completion, or a status with an error body). */
function chatCompletions(seen: Seen[], answer: { status?: number; json?: unknown; raw?: string; silent?: boolean }) {
  return (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, contentType: request.headers['content-type'], authorization: request.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      if (answer.silent) return; // never answers
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { message: 'Unknown route', type: 'invalid_request_error' } }));
      }
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(answer.raw ?? JSON.stringify(answer.json ?? { error: { message: 'The model crashed', type: 'server_error' } }));
    });
  };
}

describe('LlmIssueExtractor', () => {
  let server: LocalHttpServer;
  let logger: { log: jest.Mock; warn: jest.Mock };
  const extraction = new IssueExtraction(null);
  const extractor = (limits = LLM_LIMITS, apiKey: string | null = 'sk-test') =>
    new LlmIssueExtractor({ url: `${server.url}/v1`, model: 'llama3.1', apiKey: apiKey ?? undefined }, extraction, limits, logger as unknown as Logger);
  beforeEach(() => (logger = { log: jest.fn(), warn: jest.fn() }));
  afterEach(() => server?.close());

  it("asks the chat completions endpoint about the customer's messages and reads the issues of its JSON answer", async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(chatCompletions(seen, { json: completion(JSON.stringify({ issues })) }));
    const found = await extractor().extract(text);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions', contentType: 'application/json', authorization: 'Bearer sk-test' });
    expect(seen[0].body).toEqual({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: expect.stringContaining('documentation issues') },
        { role: 'user', content: "Subject: Webhooks\n\nCustomer messages:\n- Hi, I can't configure the webhooks for my repository.\n- Also, where is the billing page?" },
      ],
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(found).toEqual([
      { ...issues[0], keyPhrases: ['webhooks', 'repository'], terms: termsOf([issues[0].title, issues[0].summary, 'webhooks', 'repository']) },
      { ...issues[1], terms: termsOf([issues[1].title, issues[1].summary, 'billing page']) },
    ]);
    expect(found[0].terms).toMatchObject({ webhook: 3, configure: 2, repository: 2 });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('sends no Authorization without a key, and asks nothing of a conversation without customer messages', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(chatCompletions(seen, { json: completion('{"issues": []}') }));
    expect(await extractor(LLM_LIMITS, null).extract(text)).toEqual([]);
    expect(seen[0].authorization).toBeUndefined();
    expect(await extractor().extract({ ...text, parts: [text.parts[1]] })).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  const failures: Array<[string, Parameters<typeof chatCompletions>[1], RegExp]> = [
    ['a 500', { status: 500 }, /HTTP 500/],
    ['a 401', { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }, /HTTP 401/],
    ['an answer that is no JSON', { raw: '<html>Bad gateway</html>' }, /no choices/],
    ['no choices', { json: { ...completion('{}'), choices: [] } }, /no choices/],
    ['content that is no JSON', { json: completion('Here are the issues: webhooks') }, /content is not JSON/],
    ['content without issues', { json: completion('{"problems": []}') }, /no issues list/],
    ['an issue without a title', { json: completion(JSON.stringify({ issues: [{ summary: 's', keyPhrases: [] }] })) }, /issues\[0\]\.title/],
    ['a key phrase that is no string', { json: completion(JSON.stringify({ issues: [{ ...issues[0], keyPhrases: [42] }] })) }, /issues\[0\]\.keyPhrases\[0\]/],
    ['a title too long', { json: completion(JSON.stringify({ issues: [{ ...issues[0], title: 'x'.repeat(301) }] })) }, /issues\[0\]\.title/],
    ['too many issues', { json: completion(JSON.stringify({ issues: Array.from({ length: 11 }, () => issues[0]) })) }, /11 issues/],
    ['an inherited field', { json: completion('{"__proto__": {"issues": []}}') }, /no issues list/],
  ];
  it.each(failures)('falls back to the default extractor on %s, warning without the text', async (_, answer, reason) => {
    server = await startLocalHttpServer(chatCompletions([], answer));
    expect(await extractor().extract(text)).toEqual(extractIssues(text));
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const warning = String(logger.warn.mock.calls[0][0]);
    expect(warning).toMatch(reason);
    expect(warning).not.toMatch(/webhook|billing|repository/i);
  });

  it('falls back when the endpoint does not answer in time, answers too much, or cannot be reached', async () => {
    server = await startLocalHttpServer(chatCompletions([], { silent: true }));
    expect(await extractor({ timeoutMs: 200, maxBytes: LLM_LIMITS.maxBytes }).extract(text)).toEqual(extractIssues(text));
    expect(logger.warn.mock.calls[0][0]).toMatch(/did not answer within 0.2 s/);
    await server.close();

    server = await startLocalHttpServer(chatCompletions([], { json: completion(JSON.stringify({ issues, padding: 'x'.repeat(2048) })) }));
    expect(await extractor({ timeoutMs: LLM_LIMITS.timeoutMs, maxBytes: 1024 }).extract(text)).toEqual(extractIssues(text));
    expect(logger.warn.mock.calls[1][0]).toMatch(/answered more than 1024 bytes/);
    const closed = server.url;
    await server.close();

    const unreachable = new LlmIssueExtractor({ url: `${closed}/v1`, model: 'm' }, extraction, LLM_LIMITS, logger as unknown as Logger);
    expect(await unreachable.extract(text)).toEqual(extractIssues(text));
    expect(logger.warn.mock.calls[2][0]).toMatch(/cannot be reached/);
  });
});

describe('the issue extractor the configuration chooses', () => {
  const extraction = new IssueExtraction(null);
  it('is the default without INSIGHTS_LLM_URL, the LLM with it, and says which at start', () => {
    const logger = { log: jest.fn(), warn: jest.fn() };
    expect(issueExtractorFrom(loadConfig({}), extraction, logger as unknown as Logger)).toBe(extraction);
    expect(logger.log).toHaveBeenLastCalledWith(expect.stringContaining('offline by the default extractor'));

    const llm = issueExtractorFrom(loadConfig({ INSIGHTS_LLM_URL: 'http://localhost:11434/v1/', INSIGHTS_LLM_MODEL: 'qwen2.5', INSIGHTS_LLM_API_KEY: 'secret' }), extraction, logger as unknown as Logger);
    expect(llm).toBeInstanceOf(LlmIssueExtractor);
    expect(llm.name).toBe('llm');
    expect(logger.log).toHaveBeenLastCalledWith('Conversation issues are extracted by the LLM qwen2.5 at http://localhost:11434, the default extractor answering when it fails');
  });
});
