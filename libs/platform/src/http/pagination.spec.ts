import { BadRequestException } from '@nestjs/common';
import { decodeCursor, encodeCursor } from './pagination';

describe('cursors', () => {
  it('round-trip the sort key and id', () => {
    const page = encodeCursor({ value: '2026-01-01T00:00:00.000Z', id: 'abc' }, 'q1');
    expect(page).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(page, 'q1')).toEqual({ value: '2026-01-01T00:00:00.000Z', id: 'abc' });
  });
  it('refuse a cursor of another query, and garbage', () => {
    const page = encodeCursor({ value: 3, id: 'abc' }, 'q1');
    expect(() => decodeCursor(page, 'q2')).toThrow(BadRequestException);
    expect(() => decodeCursor('not-a-cursor', 'q1')).toThrow(BadRequestException);
    expect(() => decodeCursor(Buffer.from('{"v":{},"i":"x","b":"q1"}').toString('base64url'), 'q1')).toThrow(BadRequestException);
  });
});
