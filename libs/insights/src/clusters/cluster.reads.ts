import { Inject, Injectable } from '@nestjs/common';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { conversationSubject } from '../conversations/conversation.events';
import { IssueText } from '../issues/issue.events';
import { ClusterDoc, ClusterMemberDoc, INSIGHTS_CLUSTER_MEMBERS, INSIGHTS_CLUSTERS } from './cluster.projection';

export const CLUSTER_SORTS = ['updatedAt', 'issues', 'createdAt'] as const;
export type ClusterSort = (typeof CLUSTER_SORTS)[number];

/** A cluster's words, opened from its members' sealed texts (empty where a member no longer opens: erased, not yet withdrawn). */
export interface ClusterWords {
  label: string;
  summary: string;
}

/** Reads of the clusters read model. */
@Injectable()
export class ClusterReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly cipher: SubjectCipher,
  ) {}

  async cluster(organizationId: string, clusterId: string): Promise<ClusterDoc> {
    const doc = await this.find(organizationId, clusterId);
    if (!doc) throw new NotFound('issues cluster');
    return doc;
  }

  /** The organization's cluster, or null (another organization's is as unknown as none). */
  async find(organizationId: string, clusterId: string): Promise<ClusterDoc | null> {
    const doc = await this.reads.get<ClusterDoc>(INSIGHTS_CLUSTERS, clusterId);
    return doc && doc.organizationId === organizationId ? doc : null;
  }

  /** A page of the organization's clusters in the order asked, on that order's index (keyset: the sort value, then id). */
  list(organizationId: string, sort: ClusterSort, order: 'asc' | 'desc', list: ListQuery) {
    return findPage<ClusterDoc>(this.reads, INSIGHTS_CLUSTERS, { filter: { organizationId }, sort: { field: sort, direction: order } }, list);
  }

  /** The label (its top key phrase, from the member carrying it) and summary (its central member's title). */
  async words(doc: ClusterDoc): Promise<ClusterWords> {
    const [central, carrier] = (await this.reads.snapshot([
      { collection: INSIGHTS_CLUSTER_MEMBERS, id: doc.central },
      { collection: INSIGHTS_CLUSTER_MEMBERS, id: doc.label?.carrier ?? doc.central },
    ])) as (ClusterMemberDoc | null)[];
    const [centralText, carrierText] = await Promise.all([central, carrier].map((member) => member && this.open(member)));
    const phrase = carrier && doc.label ? carrierText?.keyPhrases[carrier.keyPhraseHashes.indexOf(doc.label.hash)] : undefined;
    return { label: phrase ?? '', summary: centralText?.title ?? '' };
  }

  private open(member: ClusterMemberDoc): Promise<IssueText | null> {
    return this.cipher.open<IssueText>(conversationSubject(member.organizationId, member.conversation), member.text);
  }
}
