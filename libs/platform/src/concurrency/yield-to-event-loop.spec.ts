import { yieldToEventLoop } from './yield-to-event-loop';

describe('yieldToEventLoop', () => {
  it('lets I/O callbacks and timers that are due run before it resolves, where a settled promise does not', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('waiting work'));
    await Promise.resolve();
    order.push('after a settled promise');
    await yieldToEventLoop();
    order.push('after the yield');
    expect(order).toEqual(['after a settled promise', 'waiting work', 'after the yield']);
  });
});
