import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SpaceReads } from '@folio/content/spaces/space.reads';
import { GIT_SYNC_STATES, GitSyncOperationDoc, GitSyncStateDoc } from './git-sync.projection';
import { GIT_OPERATION_TIMEOUT_MS } from './git-operation-limits';

/** The spec's GitSyncState, with (additions) the latest operation's commit and revision. */
export interface GitSyncStateResource {
  installationId: string;
  installationProvider: GitSyncStateDoc['installationProvider'];
  installationStatus: GitSyncStateDoc['installationStatus'];
  url?: string;
  repoName?: string;
  operation?: Omit<GitSyncOperationDoc, 'id'>;
  operationTimeout: number;
  updatedAt: string;
}

export class GetSpaceGitInfo extends Query<GitSyncStateResource> {
  constructor(readonly caller: Caller, readonly spaceId: string) {
    super();
  }
}

@Injectable()
@QueryHandler(GetSpaceGitInfo)
export class GetSpaceGitInfoHandler implements IQueryHandler<GetSpaceGitInfo> {
  constructor(
    private readonly spaces: SpaceReads,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** Whoever sees the space (404 otherwise); 404 too when it never had an operation. */
  async execute({ caller, spaceId }: GetSpaceGitInfo): Promise<GitSyncStateResource> {
    await this.spaces.visible(caller, spaceId);
    const doc = await this.reads.get<GitSyncStateDoc>(GIT_SYNC_STATES, spaceId);
    if (!doc) throw new NotFound('Git Sync on this space');
    const { id: _id, ...operation } = doc.operation ?? { id: '' };
    return {
      installationId: doc.installationId,
      installationProvider: doc.installationProvider,
      installationStatus: doc.installationStatus,
      ...(doc.url === undefined ? {} : { url: doc.url }),
      ...(doc.repoName === undefined ? {} : { repoName: doc.repoName }),
      ...(doc.operation ? { operation: operation as Omit<GitSyncOperationDoc, 'id'> } : {}),
      operationTimeout: GIT_OPERATION_TIMEOUT_MS,
      updatedAt: doc.updatedAt,
    };
  }
}
