import { byteRange } from './byte-range';

describe('byteRange', () => {
  it.each([
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=2-5', { kind: 'partial', start: 2, end: 5 }],
    ['bytes=5-', { kind: 'partial', start: 5, end: 9 }],
    ['bytes=5-100', { kind: 'partial', start: 5, end: 9 }],
    ['bytes=-3', { kind: 'partial', start: 7, end: 9 }],
    ['bytes=-30', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=9-9', { kind: 'partial', start: 9, end: 9 }],
  ])('serves %s of 10 bytes as %j', (header, answer) => {
    expect(byteRange(header, 10)).toEqual(answer);
  });

  it.each(['bytes=10-', 'bytes=10-20', 'bytes=-0'])('cannot satisfy %s of 10 bytes', (header) => {
    expect(byteRange(header, 10)).toEqual({ kind: 'unsatisfiable' });
  });

  it('cannot satisfy any range of an empty file', () => {
    expect(byteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'bytes=5-2', 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b', 'bytes=-', 'bytes=0-1 junk', `bytes=${'9'.repeat(16)}-`])(
    'sends everything for %j',
    (header) => {
      expect(byteRange(header, 10)).toEqual({ kind: 'full' });
    },
  );
});
