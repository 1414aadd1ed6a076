import { FolioConfig } from '@folio/platform/config/config';
import { Variables } from '@folio/kernel/tree/tree.model';
import { RevisionDoc } from './revision.projection';
import { PageReadOptions, RevisionPageResource } from './revision-page.resource';

/** The app's URL of one revision of a space. */
export const revisionAppUrl = (config: FolioConfig, revision: RevisionDoc) => `${config.appUrl}/s/${revision.spaceId}/~/revisions/${revision.id}`;

/**
 * The Revision resource: every field the client's spec requires, its pages nested as the tree holds them.
 * Folio has no tags yet, so that list is empty. `variables` are the revision's (an empty object when it has
 * none). A `merge` revision names the change request it merged (`mergedFrom`, required by the spec for that type).
 * `git` (the commit the revision was read from or pushed as) is not part of it: it is added later (a push
 * names it after the revision was answered), see gitOf.
 */
export function revisionResource(
  revision: RevisionDoc,
  content: { pages: RevisionPageResource[]; files: unknown[]; reusableContents: unknown[]; variables: Variables },
  config: FolioConfig,
) {
  return {
    object: 'revision' as const,
    id: revision.id,
    type: revision.type,
    parents: revision.parents,
    pages: content.pages,
    files: content.files,
    reusableContents: content.reusableContents,
    variables: content.variables,
    tags: [],
    createdAt: revision.createdAt,
    urls: { app: revisionAppUrl(config, revision) },
  };
}

/** The revision's `git`, left out with `metadata=false`: added to each answer, never kept with it (Git Sync names it after the revision exists). */
export const gitOf = (revision: RevisionDoc, options: PageReadOptions) => (options.metadata && revision.git ? { git: revision.git } : {});

/**
 * An entry of `GET /spaces/{id}/revisions` (Folio's addition): the revision without its content, which
 * `GET /spaces/{id}/revisions/{revisionId}` answers.
 */
export function revisionSummaryResource(revision: RevisionDoc, config: FolioConfig) {
  return {
    object: 'revision' as const,
    id: revision.id,
    type: revision.type,
    parents: revision.parents,
    createdAt: revision.createdAt,
    createdBy: revision.createdBy,
    ...(revision.changeRequest ? { changeRequest: revision.changeRequest } : {}),
    urls: { location: `${config.publicUrl}/v1/spaces/${revision.spaceId}/revisions/${revision.id}`, app: revisionAppUrl(config, revision) },
  };
}
