import { Inject, Injectable } from '@nestjs/common';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { ClusterIndexState } from '../analysis/issue-clustering';
import { IssueEvent, insightsIssuesStream } from './issue.events';
import { OrganizationIssues } from './organization-issues';

/** Makes an organization's empty cluster index (the module provides analysis/cluster-index's). */
export const NEW_CLUSTER_INDEX = Symbol('NewClusterIndex');
export type NewClusterIndex = () => ClusterIndexState;

/**
 * The organizations' clusters in memory, for the extraction process only: each built on first use by
 * replaying its issues stream (a recorded placement is never decided again), kept for the organizations
 * most recently worked on (ORGANIZATIONS_HELD: one held costs ~1 KB per live issue, see OrganizationIssues),
 * rebuilt from the stream when dropped or when an append failed part-way through a change.
 */
const ORGANIZATIONS_HELD = 16;

@Injectable()
export class OrganizationIndexes {
  private readonly held = new LruCache<string, OrganizationIssues>(ORGANIZATIONS_HELD);

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(NEW_CLUSTER_INDEX) private readonly newIndex: NewClusterIndex,
  ) {}

  async of(organizationId: string): Promise<OrganizationIssues> {
    const held = this.held.get(organizationId);
    if (held) return held;
    const issues = new OrganizationIssues(this.newIndex());
    for (const event of await this.events.readStream(insightsIssuesStream(organizationId))) issues.apply(event as unknown as IssueEvent);
    this.held.set(organizationId, issues);
    return issues;
  }

  /** Drops what is held of the organization (it may differ from its stream): the next use replays the stream. */
  forget(organizationId: string): void {
    this.held.delete(organizationId);
  }
}
