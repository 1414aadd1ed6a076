import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { visitorAuthDecider } from './visitor-auth.decider';
import { VisitorAuthEvent } from './visitor-auth.events';

const spec = deciderSpec(visitorAuthDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { siteId: 's1', organizationId: 'o1' };
const regenerated = (generation: number): VisitorAuthEvent => ({ type: 'SiteVisitorKeyRegenerated', data: { ...ids, generation, regeneratedAt: now } });
const changed = (changes: object): VisitorAuthEvent => ({ type: 'SiteVisitorAuthChanged', data: { ...ids, changes, changedAt: now } });

describe('visitor auth decider', () => {
  it('moves to the next key generation', () => spec.given([regenerated(1)]).when({ type: 'RegenerateVisitorKey', ...ids, now }).then([regenerated(2)]));

  it('starts from the first generation', () => spec.given([]).when({ type: 'RegenerateVisitorKey', ...ids, now }).then([regenerated(1)]));

  it('writes what differs', () =>
    spec
      .given([changed({ fallbackURL: 'https://acme.io/login' })])
      .when({ type: 'ChangeVisitorAuth', ...ids, changes: { backend: 'custom', fallbackURL: 'https://acme.io/login', logoutURL: 'https://acme.io/out' }, now })
      .then([changed({ logoutURL: 'https://acme.io/out' })]));

  it('removes a URL with null, and writes nothing when nothing differs', () => {
    spec.given([changed({ fallbackURL: 'https://acme.io/login' })]).when({ type: 'ChangeVisitorAuth', ...ids, changes: { fallbackURL: null }, now }).then([changed({ fallbackURL: null })]);
    spec.given([]).when({ type: 'ChangeVisitorAuth', ...ids, changes: { backend: 'custom', logoutURL: null }, now }).then([]);
  });
});
