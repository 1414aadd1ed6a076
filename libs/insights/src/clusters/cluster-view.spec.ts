import { clusterIcon, DEFAULT_CLUSTER_ICON } from './cluster-icon';
import { weekOf } from './cluster-vectors';
import { weeklyPulse } from './weekly-pulse';

describe('weekOf', () => {
  it('is the Monday (UTC) of the date’s week', () => {
    expect(weekOf('2026-03-02T00:00:00.000Z')).toBe('2026-03-02');
    expect(weekOf('2026-03-08T23:59:59.999Z')).toBe('2026-03-02');
    expect(weekOf('2026-03-09T00:00:00.000Z')).toBe('2026-03-09');
    expect(weekOf('2026-01-01T12:00:00.000Z')).toBe('2025-12-29');
  });
});

describe('weeklyPulse', () => {
  it('counts 13 weeks ending with this one, oldest first, and leaves out older and later weeks', () => {
    const weeks = { '2025-12-01': 9, '2025-12-08': 1, '2026-01-26': 2, '2026-02-23': 3, '2026-03-02': 4, '2026-03-09': 8 };
    expect(weeklyPulse(weeks, new Date('2026-03-04T10:00:00.000Z'))).toEqual([1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 4]);
  });
});

describe('clusterIcon', () => {
  it('is the icon of the first keyword the label holds, else the default', () => {
    expect(clusterIcon('reset password link')).toBe('key');
    expect(clusterIcon('Webhook retries')).toBe('plug');
    expect(clusterIcon('dark mode')).toBe(DEFAULT_CLUSTER_ICON);
    expect(clusterIcon('')).toBe(DEFAULT_CLUSTER_ICON);
  });
});
