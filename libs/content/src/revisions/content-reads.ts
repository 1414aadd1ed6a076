import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { SpaceReads } from '../spaces/space.reads';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { REVISIONS, RevisionDoc } from './revision.projection';

/** Which content of a space a read is about: main's, one revision's, or a change request's head. */
export type ContentAt = { kind: 'main' } | { kind: 'revision'; revisionId: string } | { kind: 'change-request'; changeRequest: string };
export const atMain = (): ContentAt => ({ kind: 'main' });
export const atRevision = (revisionId: string): ContentAt => ({ kind: 'revision', revisionId });
export const atChangeRequest = (changeRequest: string): ContentAt => ({ kind: 'change-request', changeRequest });

/** The content a read resolved to, open. */
export interface OpenContent {
  revision: RevisionDoc;
  snapshot: TreeSnapshot;
  /** The app's URL of this content: its pages' are this and their path. */
  app: string;
}

/**
 * The one place that turns (space, main | revision | change request) into a revision and its tree, for a
 * caller: 404 when the caller may not read the space, and for a revision or request the space does not
 * have. Every content read (the three route families) shares everything after this. A reader (a site
 * token) reads main and main's past revisions of the spaces its site shows, and no change request.
 */
@Injectable()
export class ContentReads {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly changeRequests: ChangeRequestReads,
    private readonly trees: ContentTrees,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async open(caller: Caller, spaceId: string, at: ContentAt): Promise<OpenContent> {
    const spaceApp = `${this.config.appUrl}/s/${spaceId}`;
    switch (at.kind) {
      case 'main': {
        const { space } = await this.spaces.visible(caller, spaceId);
        return this.opened(await this.revision(spaceId, space.revision), spaceApp);
      }
      case 'revision': {
        await this.spaces.visible(caller, spaceId);
        const revision = await this.revision(spaceId, at.revisionId);
        // A reader reads what was published: main's revisions (a merge included), never a change request's draft.
        if (caller.reader && !revision.onMain) throw new NotFound('revision');
        return this.opened(revision, `${spaceApp}/~/revisions/${revision.id}`);
      }
      case 'change-request': {
        if (caller.reader) throw new NotFound('change request');
        const { changeRequest } = await this.changeRequests.get(spaceId, at.changeRequest, caller);
        return this.opened(await this.revision(spaceId, changeRequest.revision), `${spaceApp}/~/changes/${changeRequest.number}`);
      }
    }
  }

  /** A page of the space's history on main, newest first. */
  async history(caller: Caller, spaceId: string, list: ListQuery) {
    await this.spaces.visible(caller, spaceId);
    return findPage<RevisionDoc>(this.reads, REVISIONS, { filter: { spaceId, onMain: true }, sort: { field: 'seq', direction: 'desc' } }, list);
  }

  private async revision(spaceId: string, revisionId: string): Promise<RevisionDoc> {
    const revision = await this.reads.get<RevisionDoc>(REVISIONS, revisionId);
    if (!revision || revision.spaceId !== spaceId) throw new NotFound('revision');
    return revision;
  }

  private async opened(revision: RevisionDoc, app: string): Promise<OpenContent> {
    return { revision, snapshot: await this.trees.open(revision.tree), app };
  }
}
