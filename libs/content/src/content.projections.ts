import { contentGrantProjection } from './access/content-grant.projection';
import { blockKeyProjection } from './block-keys/block-key.projection';
import { changeRequestProjection } from './change-requests/change-request.projection';
import { collectionProjection } from './collections/collection.projection';
import { fileObjectProjection } from './files/file-objects.projection';
import { gitSyncProjection } from './gitsync/remote/git-sync.projection';
import { linkProjection } from './links/link.projection';
import { openapiSpecProjection } from './openapi/spec/openapi-spec.projection';
import { revisionProjection } from './revisions/revision.projection';
import { searchProjection } from './search/search.projection';
import { spaceProjection } from './spaces/space.projection';
import { glossaryProjection } from './translations/glossary/glossary.projection';
import { translationProjection } from './translations/translation/translation.projection';

export const contentProjections = [spaceProjection, collectionProjection, contentGrantProjection, changeRequestProjection, revisionProjection, searchProjection, linkProjection, blockKeyProjection, fileObjectProjection, openapiSpecProjection, translationProjection, glossaryProjection, gitSyncProjection];
