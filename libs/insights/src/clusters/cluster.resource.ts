import { ClusterChangeRequest } from '@folio/content/public/cluster-change-requests.query';
import { clusterIcon } from './cluster-icon';
import { ClusterDoc } from './cluster.projection';
import { ClusterWords } from './cluster.reads';
import { weeklyPulse } from './weekly-pulse';

/**
 * The seed's issues cluster: its words opened when read, its weekly pulse counted as of `now`, and (an
 * addition) the open change requests made for it, as content answers them.
 */
export function clusterResource(doc: ClusterDoc, words: ClusterWords, changeRequests: ClusterChangeRequest[], now: Date, publicUrl: string) {
  return {
    object: 'issues-cluster' as const,
    id: doc.id,
    label: words.label,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    icon: clusterIcon(words.label),
    summary: words.summary,
    weeklyPulse: weeklyPulse(doc.weeks, now),
    // Sources are callers' strings: fromEntries defines each as an own property (never a prototype's setter).
    sources: Object.fromEntries(doc.sources.map((s) => [s.source, s.issues])),
    stats: { issues: doc.issues, conversations: doc.conversations },
    changeRequests: changeRequests.map((cr) => ({ id: cr.id, space: cr.spaceId, number: cr.number, subject: cr.subject, urls: { location: cr.location } })),
    urls: { location: `${publicUrl}/v1/orgs/${doc.organizationId}/conversations-clusters/${doc.id}` },
  };
}

export type ClusterResource = ReturnType<typeof clusterResource>;
