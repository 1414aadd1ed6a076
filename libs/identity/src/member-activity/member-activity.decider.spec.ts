import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { memberActivityDecider } from './member-activity.decider';
import { MemberActivityEvent } from './member-activity.events';

const spec = deciderSpec(memberActivityDecider);
const seen = (seenAt: string): MemberActivityEvent => ({ type: 'MemberSeen', data: { organizationId: 'o1', userId: 'u1', seenAt } });
const ping = (now: string) => ({ type: 'RecordSeen' as const, organizationId: 'o1', userId: 'u1', now });

describe('member activity decider', () => {
  it('records the first sighting', () => spec.given([]).when(ping('2026-01-01T10:00:00.000Z')).then([seen('2026-01-01T10:00:00.000Z')]));
  it('writes nothing within a minute of the last one', () =>
    spec.given([seen('2026-01-01T10:00:00.000Z')]).when(ping('2026-01-01T10:00:59.999Z')).then([]));
  it('records again a minute later', () =>
    spec.given([seen('2026-01-01T10:00:00.000Z')]).when(ping('2026-01-01T10:01:00.000Z')).then([seen('2026-01-01T10:01:00.000Z')]));
});
