import { Invalid } from '@folio/platform/domain/errors';
import { anyAddress, publicAddressesOnly } from '@folio/platform/fetch/address-policy';
import { assertWebhookUrl } from './webhook-url';

describe('a webhook URL', () => {
  it('is an http(s) URL without credentials, at most 2048 characters', () => {
    expect(() => assertWebhookUrl('https://hooks.example.com/folio?x=1', publicAddressesOnly)).not.toThrow();
    expect(() => assertWebhookUrl('http://hooks.example.com/', publicAddressesOnly)).not.toThrow();
    expect(() => assertWebhookUrl('mailto:ops@example.com', publicAddressesOnly)).toThrow(/mailto URLs/);
    expect(() => assertWebhookUrl('https://:secret@hooks.example.com/', publicAddressesOnly)).toThrow(/credentials/);
    expect(() => assertWebhookUrl(`https://hooks.example.com/${'a'.repeat(2030)}`, publicAddressesOnly)).toThrow(/2048/);
    expect(() => assertWebhookUrl('hooks.example.com', publicAddressesOnly)).toThrow(Invalid);
  });

  it('names no literal address the outbound policy refuses', () => {
    for (const url of ['http://127.0.0.1/', 'http://10.0.0.5:8080/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://[::ffff:192.168.0.1]/', 'http://0.0.0.0/']) {
      expect(() => assertWebhookUrl(url, publicAddressesOnly)).toThrow(/address, which Folio does not send to/);
    }
    expect(() => assertWebhookUrl('http://93.184.216.34/', publicAddressesOnly)).not.toThrow();
  });

  it('takes any address where FETCH_ALLOW_PRIVATE allows it, and leaves names to delivery time', () => {
    expect(() => assertWebhookUrl('http://127.0.0.1:8080/hook', anyAddress)).not.toThrow();
    expect(() => assertWebhookUrl('http://localhost:8080/hook', publicAddressesOnly)).not.toThrow();
  });
});
