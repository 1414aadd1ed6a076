import { IncomingHttpHeaders } from 'node:http';
import { Invalid } from '@folio/platform/domain/errors';
import { GitSyncConnection } from './git-sync.events';

/** What a delivery says, for the sync: a branch now at `head`, or nothing to act on (a ping, another event). */
export type HookDelivery = { kind: 'push'; ref: string; head: string | null } | { kind: 'other' };

/** A commit id: SHA-1's 40 hex digits, or SHA-256's 64. */
const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** The all-zeros id both providers send as `after` when the push deleted the ref. */
const DELETED = /^0+$/;

/** The event a delivery names: GitHub's header (which Gitea and Forgejo send too), GitLab's. */
function eventOf(provider: GitSyncConnection['provider'], headers: IncomingHttpHeaders): string | undefined {
  const value = headers[provider === 'github' ? 'x-github-event' : 'x-gitlab-event'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A delivery read as the provider sends it. A push (GitHub's `push`, GitLab's `Push Hook`, or a delivery
 * naming no event) must carry `ref` and `after` (GitLab's `checkout_sha` when `after` is missing), `after` a
 * commit id; `head` is null when the push deleted the ref. Any other event is `other` (GitHub's `ping` when
 * the webhook is made, events the hook was set to send besides pushes). Invalid for a push that says
 * otherwise: the sender is authenticated by then, so it learns only what its own payload lacks.
 */
export function deliveryOf(provider: GitSyncConnection['provider'], headers: IncomingHttpHeaders, body: unknown): HookDelivery {
  const event = eventOf(provider, headers);
  if (event !== undefined && event !== (provider === 'github' ? 'push' : 'Push Hook')) return { kind: 'other' };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Invalid('a push event is a JSON object with ref and after');
  const { ref, after, checkout_sha: checkout } = body as Record<string, unknown>;
  const head = after ?? checkout;
  if (typeof ref !== 'string' || ref === '') throw new Invalid('a push event needs ref, the full name of the ref pushed');
  if (typeof head !== 'string' || !OID.test(head)) throw new Invalid('a push event needs after, the commit id the ref is at (40 or 64 hexadecimal digits)');
  return { kind: 'push', ref, head: DELETED.test(head) ? null : head };
}
