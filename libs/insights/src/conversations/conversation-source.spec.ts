import { conversationSource } from './conversation-source';

const createdAt = '2026-03-01T00:00:00.000Z';

describe('conversationSource', () => {
  it('is the caller\u2019s source attribute first', () =>
    expect(conversationSource({ url: 'https://help.example.com/t/1', attributes: { source: 'zendesk' }, createdAt })).toBe('zendesk'));

  it('is the URL\u2019s host (with its port) without one', () => {
    expect(conversationSource({ url: 'https://help.example.com:8443/t/1', attributes: { channel: 'chat' }, createdAt })).toBe('help.example.com:8443');
    expect(conversationSource({ url: 'https://help.example.com/t/1', attributes: { source: '' }, createdAt })).toBe('help.example.com');
  });

  it('is `api` with neither, and never an inherited property', () => {
    expect(conversationSource({ attributes: {}, createdAt })).toBe('api');
    expect(conversationSource({ attributes: Object.create({ source: 'inherited' }) as Record<string, string>, createdAt })).toBe('api');
  });
});
