import { Registry } from 'prom-client';
import { ObservedHistogram } from './observed-histogram';

describe('observed histogram', () => {
  it('writes cumulative buckets, sum and count per label set in the Prometheus text format', async () => {
    const registry = new Registry();
    const histogram = new ObservedHistogram('t_seconds', 'Test.', [0.1, 1], registry);
    const fast = histogram.labelled({ route: '/a' });
    const slow = histogram.labelled({ route: '/b' });
    for (const v of [0.05, 0.1, 0.5]) fast.observe(v);
    slow.observe(7);
    expect(await registry.metrics()).toBe(
      [
        '# HELP t_seconds Test.',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{route="/a",le="0.1"} 2',
        't_seconds_bucket{route="/a",le="1"} 3',
        't_seconds_bucket{route="/a",le="+Inf"} 3',
        't_seconds_sum{route="/a"} 0.65',
        't_seconds_count{route="/a"} 3',
        't_seconds_bucket{route="/b",le="0.1"} 0',
        't_seconds_bucket{route="/b",le="1"} 0',
        't_seconds_bucket{route="/b",le="+Inf"} 1',
        't_seconds_sum{route="/b"} 7',
        't_seconds_count{route="/b"} 1',
        '',
      ].join('\n'),
    );
  });

  it('zeroes its series on reset, which their holders keep observing into', async () => {
    const registry = new Registry();
    const histogram = new ObservedHistogram('t_seconds', 'Test.', [1], registry);
    const series = histogram.labelled({ route: '/a' });
    series.observe(0.5);
    registry.resetMetrics();
    series.observe(2);
    expect(histogram.all().map((s) => [s.count, s.sum, s.cumulative()])).toEqual([[1, 2, [0, 1]]]);
  });
});
