import { ConversationPart, ConversationText } from '../conversations/conversation.events';
import { MAX_ANALYSED_CHARACTERS } from './customer-messages';
import { extractIssues, MAX_ISSUES_PER_CONVERSATION, termsOf } from './default-extractor';
import { MAX_TITLE_CHARACTERS } from './issue-bounds';

const conversation = (parts: Array<[role: string, body: string]>, subject = ''): ConversationText => ({
  subject,
  metadata: { attributes: {}, createdAt: '2026-11-02T10:00:00.000Z' },
  parts: parts.map(([role, body]): ConversationPart => ({ type: 'message', role, body })),
});

describe('the default issue extractor', () => {
  it('finds an issue in each problem sentence of the customer, titled from its cue and key phrase', () => {
    const issues = extractIssues(
      conversation([
        ['user', "Hi! I can't configure the webhooks for my repository."],
        ['user', 'How do I set up SSO with Okta? Also the API reference for custom domains is outdated.'],
        ['customer', 'Where is the billing page?'],
      ]),
    );
    expect(issues.map((issue) => issue.title)).toEqual(['Cannot configure webhook', 'How to set up sso', 'Outdated documentation for api reference', 'Cannot find billing page']);
    expect(issues[0]).toEqual({
      title: 'Cannot configure webhook',
      summary: "I can't configure the webhooks for my repository.",
      keyPhrases: ['webhook', 'repository'],
      terms: { configure: 1, webhook: 1, repository: 1 },
    });
    expect(issues[2].keyPhrases).toEqual(['api reference', 'custom domain']);
  });

  it('finds cues by lemma and phrase, whatever their inflection', () => {
    const titles = (body: string) => extractIssues(conversation([['user', body]])).map((issue) => issue.title);
    expect(titles('The PDF export keeps failing.')).toEqual(['Pdf export not working']);
    expect(titles('The PDF export failed twice today.')).toEqual(['Pdf export not working']);
    expect(titles("The search bar doesn't work on mobile.")).toEqual(['Search bar not working']);
    expect(titles('The custom domain shows a 404 page.')).toEqual(['Error with custom domain']);
    expect(titles('The changelog page is confusing.')).toEqual(['Unclear documentation for changelog page']);
    expect(titles('I am unable to invite teammates.')).toEqual(['Cannot invite teammate']);
    expect(titles("The OpenAPI block doesn't render our spec.")).toEqual(['Openapi not working']);
    expect(titles("Where do I change the site's favicon?")).toEqual(['Where to change site']);
    expect(titles('The export button is missing.')).toEqual(['Export button missing']);
  });

  it('takes the topic after an action cue, before any other', () => {
    const mains = (body: string) => extractIssues(conversation([['user', body]])).map((issue) => issue.keyPhrases[0]);
    expect(mains('I cannot connect the GitHub repository to my space.')).toEqual(['github repository']);
    expect(mains('The SSO login with Azure AD fails with a SAML error.')).toEqual(['sso login']);
    expect(mains('The translation of our space into German is stuck.')).toEqual(['translation']);
  });

  it('finds nothing in thanks and greetings, nor in a denied cue', () => {
    expect(extractIssues(conversation([['user', 'Hello there!'], ['user', "Thanks a lot, that's great."], ['user', 'It works now, no errors anymore. Have a nice day!']]))).toEqual([]);
  });

  it("ignores the agent's messages and unknown roles", () => {
    const agentOnly = conversation([
      ['assistant', 'The webhook fails when the secret is missing.'],
      ['agent', 'How do I reproduce the 404 error?'],
      ['bot', 'Search is broken right now.'],
      ['system', 'Export failed.'],
      ['operator', 'You cannot configure the domain yet.'],
      ['user', 'Thanks!'],
    ]);
    expect(extractIssues(agentOnly)).toEqual([]);
    expect(extractIssues(conversation([['End-User', 'The webhook fails.']]))).toHaveLength(1);
    expect(extractIssues(conversation([['Visitor', 'The webhook fails.']]))).toHaveLength(1);
  });

  it('merges the issues of a conversation that share their main key phrase', () => {
    const issues = extractIssues(
      conversation([
        ['user', 'Our webhooks are failing since Monday.'],
        ['agent', 'Which endpoint?'],
        ['user', 'Now I get a 500 error from the webhook.'],
      ]),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0].title).toBe('Webhook not working');
    expect(issues[0].summary).toBe('Our webhooks are failing since Monday. Now I get a 500 error from the webhook.');
    expect(issues[0].terms).toMatchObject({ webhook: 2, fail: 1 });
  });

  it('takes the sentence after a short cue sentence as context', () => {
    const [issue] = extractIssues(conversation([['user', 'It keeps failing. I mean the GitHub sync of our main space.']]));
    expect(issue.summary).toBe('It keeps failing. I mean the GitHub sync of our main space.');
    expect(issue.title).toBe('Github sync not working');
  });

  it('takes the sentence before as context when the one after names nothing', () => {
    const [issue] = extractIssues(conversation([['user', 'Your guide about Git Sync shows another screen. Very confusing. Thanks!']]));
    expect(issue).toMatchObject({ title: 'Unclear documentation for git sync', summary: 'Your guide about Git Sync shows another screen. Very confusing.' });
  });

  it('falls back on the subject for an issue without a key phrase of its own', () => {
    const [issue] = extractIssues(conversation([['user', 'It is broken.']], 'Slack integration'));
    expect(issue).toMatchObject({ title: 'Slack integration not working', keyPhrases: ['slack integration'] });
    expect(issue.terms).toMatchObject({ slack: 1, integration: 1, break: 1 });
  });

  it('lemmatizes: "webhooks failing" and "webhook fails" share their terms', () => {
    const [first] = extractIssues(conversation([['user', 'Webhooks failing since yesterday.']]));
    const [second] = extractIssues(conversation([['user', 'The webhook fails since yesterday.']]));
    expect(Object.keys(first.terms).sort()).toEqual(Object.keys(second.terms).sort());
    expect(first.terms).toMatchObject({ webhook: 1, fail: 1 });
    expect(first.keyPhrases[0]).toBe(second.keyPhrases[0]);
  });

  it('leaves stop words, punctuation and numbers out of terms, keeps own-property keys', () => {
    expect(termsOf(['The constructor of the API client fails with error 500!'])).toEqual({ constructor: 1, api: 1, client: 1, fail: 1, error: 1 });
  });

  it('is deterministic', () => {
    const text = conversation([['user', 'How do I add a custom domain? The SSL certificate is missing. Our webhooks fail.']], 'Domains');
    expect(extractIssues(text)).toEqual(extractIssues(structuredClone(text)));
    expect(JSON.stringify(extractIssues(text))).toBe(JSON.stringify(extractIssues(text)));
  });

  it('bounds the issues, their titles and the text analysed', () => {
    const topics = ['webhook', 'domain', 'export', 'search', 'billing', 'sync', 'theme'];
    const many = extractIssues(conversation(topics.map((topic) => ['user', `The ${topic} settings page is broken.`])));
    expect(many).toHaveLength(MAX_ISSUES_PER_CONVERSATION);

    const long = extractIssues(conversation([['user', `I cannot find the ${'very '.repeat(60)}long page.`]]));
    expect(long[0].title.length).toBeLessThanOrEqual(MAX_TITLE_CHARACTERS);

    // A problem past the analysed characters is not read.
    const filler = 'We like the editor a lot. '.repeat(Math.ceil(MAX_ANALYSED_CHARACTERS / 26));
    expect(extractIssues(conversation([['user', filler], ['user', 'The webhook fails.']]))).toEqual([]);
    expect(extractIssues(conversation([['user', 'The webhook fails.'], ['user', filler]]))).toHaveLength(1);
  });

  it('reads HTML bodies as their text', () => {
    const [issue] = extractIssues(conversation([['user', '<p>The <b>webhook</b> fails &amp; retries.</p>']]));
    expect(issue.summary).toBe('The webhook fails & retries.');
  });
});
