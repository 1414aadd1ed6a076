import { Injectable } from '@nestjs/common';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { SpaceEvent } from '@folio/content/spaces/space.events';
import { GitSyncPull } from './git-sync-pull';
import { GitSyncPush } from './git-sync-push';
import { GitSyncEvent } from './git-sync.events';

export const GIT_SYNC_MIRROR = 'content-git-sync-mirror';

type ContentChanged = Extract<SpaceEvent, { type: 'SpaceContentChanged' }>['data'];
type PullRequested = Extract<GitSyncEvent, { type: 'GitSyncPullRequested' }>['data'];

/**
 * A connected space kept in step with its branch, both ways: a process manager with its own checkpoint that
 * pushes each new main revision (GitSyncPush) and runs each pull (GitSyncPull). One process for both, so that
 * for a space they happen one at a time in log order: a push is always made on the commit the last pull left,
 * and a pull never runs while a push it would race is under way.
 */
@Injectable()
export class GitSyncMirror extends LogReaction {
  constructor(
    private readonly pushes: GitSyncPush,
    private readonly pulls: GitSyncPull,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // Clones and pushes left pending at a restart must not hold the API from listening.
    super(host, progress, GIT_SYNC_MIRROR, 'background');
  }

  protected reactions() {
    return {
      SpaceContentChanged: (event: StoredEvent) => this.pushes.push(event.data as unknown as ContentChanged, event.position, event.metadata.correlationId),
      GitSyncPullRequested: (event: StoredEvent) => this.pulls.pull(event.data as unknown as PullRequested, event.metadata.correlationId),
    };
  }
}
