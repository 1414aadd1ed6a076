import { ArgumentsHost } from '@nestjs/common';
import { StoreUnanswered } from '../store-deadline';
import { ErrorBodyFilter } from './exception.filter';

/** What the filter answers for `exception`: the status and the body it sends. */
function answer(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    status: (code: number) => ((sent.status = code), reply),
    header: () => reply,
    send: (body: unknown) => ((sent.body = body), reply),
  };
  const request = { id: 'req-1', headers: {} };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  new ErrorBodyFilter().catch(exception, host);
  return sent;
}

describe('error body filter', () => {
  it('answers 503 naming the store when a store did not answer, and not what the call was', () => {
    const sent = answer(new StoreUnanswered('EventStoreDB', 'read space-secret-name', 10_000));
    expect(sent).toEqual({ status: 503, body: { error: { code: 503, message: 'EventStoreDB did not answer in time; try again later' } } });
  });

  it('still answers 500 to what nobody expected', () => {
    expect(answer(new Error('boom')).status).toBe(500);
  });
});
