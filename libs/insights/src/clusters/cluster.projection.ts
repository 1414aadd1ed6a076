import { Sealed } from '@folio/platform/domain/sealed';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { IssueEvent, RecordedIssue } from '../issues/issue.events';
import { addVector, cosine, TermVector, topKey, weekOf } from './cluster-vectors';

export const INSIGHTS_CLUSTERS = 'insightsClusters';
/** The clusters projection's own copy of each live issue: what its counts, label and summary are recomputed from. */
export const INSIGHTS_CLUSTER_MEMBERS = 'insightsClusterMembers';

export interface ClusterMemberDoc {
  id: string;
  organizationId: string;
  cluster: string;
  conversation: string;
  /** Its issue's source and createdAt: the counts a removal undoes. */
  source: string;
  createdAt: string;
  terms: TermVector;
  keyPhraseHashes: string[];
  /** The issue's sealed text: a cluster's label and summary are opened from a member's when read. */
  text: Sealed;
  [key: string]: unknown;
}

export interface ClusterDoc {
  id: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  issues: number;
  conversations: number;
  /** Issues per source, by source (sources are callers' strings: a list, not an object's keys). */
  sources: { source: string; issues: number }[];
  /** Issues per week (its Monday, YYYY-MM-DD) of their conversations' createdAt. */
  weeks: Record<string, number>;
  /** Key phrase hash → issues holding it. */
  phrases: Record<string, number>;
  /** The most frequent key phrase and a member holding it (whose sealed key phrases give its text). */
  label: { hash: string; carrier: string } | null;
  /** The sum of its members' term vectors. */
  centroid: TermVector;
  /** The member closest to the centroid: its title is the cluster's summary. */
  central: string;
  [key: string]: unknown;
}

const bySource = (a: { source: string }, b: { source: string }) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0);

function countSource(sources: ClusterDoc['sources'], source: string, delta: 1 | -1): ClusterDoc['sources'] {
  const found = sources.find((s) => s.source === source);
  const rest = sources.filter((s) => s !== found);
  const issues = (found?.issues ?? 0) + delta;
  return (issues > 0 ? [...rest, { source, issues }] : rest).sort(bySource);
}

/** The same count for one key, the key dropped at zero (keys are ours: weeks and hex digests). */
function countKey(counts: Record<string, number>, key: string, delta: 1 | -1): Record<string, number> {
  const count = (Object.hasOwn(counts, key) ? counts[key] : 0) + delta;
  const { [key]: _dropped, ...rest } = counts;
  return count > 0 ? Object.fromEntries(Object.entries({ ...rest, [key]: count }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : rest;
}

/** A cluster's members by id (findAll has no order of its own: a rebuild must pick the same ones). */
const members = async (tx: ReadTransaction, cluster: string) =>
  (await tx.findAll<ClusterMemberDoc>(INSIGHTS_CLUSTER_MEMBERS, { cluster })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The member closest to the centroid (ties to the first by id, as findAll answers), and a carrier of the top phrase. */
function rescanned(all: ClusterMemberDoc[], centroid: TermVector, top: string | null) {
  let central = all[0];
  let best = -1;
  for (const member of all) {
    const similarity = cosine(member.terms, centroid);
    if (similarity > best) [central, best] = [member, similarity];
  }
  const carrier = top === null ? undefined : all.find((m) => m.keyPhraseHashes.includes(top));
  return { central: central.id, label: carrier && top !== null ? { hash: top, carrier: carrier.id } : null };
}

async function addIssue(tx: ReadTransaction, organizationId: string, conversation: string, clusterId: string, issue: RecordedIssue, now: string) {
  if (await tx.get(INSIGHTS_CLUSTER_MEMBERS, issue.issueId)) return;
  const cluster: ClusterDoc = (await tx.get<ClusterDoc>(INSIGHTS_CLUSTERS, clusterId)) ?? {
    id: clusterId,
    organizationId,
    createdAt: now,
    updatedAt: now,
    issues: 0,
    conversations: 0,
    sources: [],
    weeks: {},
    phrases: {},
    label: null,
    centroid: {},
    central: issue.issueId,
  };
  const sameConversation = await tx.findAll(INSIGHTS_CLUSTER_MEMBERS, { cluster: clusterId, conversation });
  const member: ClusterMemberDoc = {
    id: issue.issueId,
    organizationId,
    cluster: clusterId,
    conversation,
    source: issue.source,
    createdAt: issue.createdAt,
    terms: issue.terms, keyPhraseHashes: issue.keyPhraseHashes, text: issue.text };
  await tx.upsert(INSIGHTS_CLUSTER_MEMBERS, member);

  const centroid = addVector(cluster.centroid, issue.terms, 1);
  const phrases = [...new Set(issue.keyPhraseHashes)].reduce((counts, hash) => countKey(counts, hash, 1), cluster.phrases);
  // The centre moves a little with each issue: the new one and the current central one are compared (a
  // full rescan per issue would cost the cluster's size); a removal of the central one rescans.
  const current = cluster.issues === 0 ? null : await tx.get<ClusterMemberDoc>(INSIGHTS_CLUSTER_MEMBERS, cluster.central);
  const central = !current || cosine(issue.terms, centroid) > cosine(current.terms, centroid) ? issue.issueId : current.id;
  const top = topKey(phrases);
  let label = cluster.label;
  if (top === null) label = null;
  else if (label?.hash !== top) label = issue.keyPhraseHashes.includes(top) ? { hash: top, carrier: issue.issueId } : rescanned(await members(tx, clusterId), centroid, top).label;

  await tx.upsert(INSIGHTS_CLUSTERS, {
    ...cluster,
    updatedAt: now,
    issues: cluster.issues + 1,
    conversations: cluster.conversations + (sameConversation.length === 0 ? 1 : 0),
    sources: countSource(cluster.sources, issue.source, 1),
    weeks: countKey(cluster.weeks, weekOf(issue.createdAt), 1),
    phrases,
    label,
    centroid,
    central,
  } satisfies ClusterDoc);
}

async function removeIssue(tx: ReadTransaction, issueId: string, now: string) {
  const member = await tx.get<ClusterMemberDoc>(INSIGHTS_CLUSTER_MEMBERS, issueId);
  if (!member) return;
  await tx.delete(INSIGHTS_CLUSTER_MEMBERS, issueId);
  const cluster = await tx.get<ClusterDoc>(INSIGHTS_CLUSTERS, member.cluster);
  if (!cluster) return;
  // A cluster with no issues left disappears.
  if (cluster.issues <= 1) return tx.delete(INSIGHTS_CLUSTERS, cluster.id);
  const sameConversation = await tx.findAll(INSIGHTS_CLUSTER_MEMBERS, { cluster: cluster.id, conversation: member.conversation });
  const centroid = addVector(cluster.centroid, member.terms, -1);
  const phrases = [...new Set(member.keyPhraseHashes)].reduce((counts, hash) => countKey(counts, hash, -1), cluster.phrases);
  const top = topKey(phrases);
  const stale = cluster.central === issueId || cluster.label?.carrier === issueId || cluster.label?.hash !== top;
  const kept = stale ? rescanned(await members(tx, cluster.id), centroid, top) : { central: cluster.central, label: cluster.label };
  await tx.upsert(INSIGHTS_CLUSTERS, {
    ...cluster,
    updatedAt: now,
    issues: cluster.issues - 1,
    conversations: cluster.conversations - (sameConversation.length === 0 ? 1 : 0),
    sources: countSource(cluster.sources, member.source, -1),
    weeks: countKey(cluster.weeks, weekOf(member.createdAt), -1),
    phrases,
    centroid,
    ...kept,
  } satisfies ClusterDoc);
}

/**
 * The organizations' issues clusters, from their issues streams: each recorded placement adds its issue to
 * its cluster (founding it), each withdrawal takes it out; a cluster left without issues disappears. The
 * counts (issues, conversations, sources, weeks, key phrases) and the centroid are kept as the issues come
 * and go; the label (the most frequent key phrase) and the summary (the central issue's title) are kept as
 * members' ids, their text opened when read. Indexed for the list's three sorts.
 */
export const clusterProjection = defineProjection<IssueEvent>(
  'insights-clusters',
  [
    {
      name: INSIGHTS_CLUSTERS,
      indexes: [
        ['organizationId', 'updatedAt'],
        ['organizationId', 'issues'],
        ['organizationId', 'createdAt'],
      ],
    },
    { name: INSIGHTS_CLUSTER_MEMBERS, indexes: [['cluster', 'conversation']] },
  ],
  {
    ConversationIssuesExtracted: async ({ data }, tx) => {
      const clusters = new Map(data.placements.map((p) => [p.issueId, p.clusterId]));
      for (const issue of data.issues) await addIssue(tx, data.organizationId, data.conversationId, clusters.get(issue.issueId)!, issue, data.processedAt);
    },
    ConversationIssuesWithdrawn: async ({ data }, tx) => {
      for (const { issueId } of data.issues) await removeIssue(tx, issueId, data.withdrawnAt);
    },
  },
);
