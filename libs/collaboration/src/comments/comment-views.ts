import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Place } from './comment-place';
import { BodyFormat } from './comment.dto';
import { CommentDoc, CommentReplyDoc } from './comment.projection';
import { CommentReads } from './comment.reads';
import { CommentContext, commentReplyResource, commentResource, commentUsers, replyUsers } from './comment.resource';

/** Comments and replies as resources for one caller: the documents, the users they name (one read), the mapper. */
@Injectable()
export class CommentViews {
  constructor(
    private readonly reads: CommentReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async comment(place: Place, commentId: string, caller: Caller, format: BodyFormat = 'document') {
    return (await this.comments(place, [await this.reads.comment(place.scope, commentId)], caller, format))[0];
  }

  async comments(place: Place, docs: CommentDoc[], caller: Caller, format: BodyFormat = 'document') {
    const context = await this.context(place, docs.flatMap(commentUsers), caller, format);
    return docs.map((doc) => commentResource(doc, context));
  }

  async reply(place: Place, commentId: string, replyId: string, caller: Caller, format: BodyFormat = 'document') {
    const comment = await this.reads.comment(place.scope, commentId);
    return (await this.replies(place, comment, [await this.reads.reply(place.scope, commentId, replyId)], caller, format))[0];
  }

  async replies(place: Place, comment: CommentDoc, docs: CommentReplyDoc[], caller: Caller, format: BodyFormat = 'document') {
    const context = await this.context(place, docs.flatMap(replyUsers), caller, format);
    return docs.map((doc) => commentReplyResource(doc, comment, context));
  }

  private async context(place: Place, userIds: string[], caller: Caller, format: BodyFormat): Promise<CommentContext> {
    return { users: await this.reads.profiles(userIds), callerId: caller.userId, rights: place.rights, format, publicUrl: this.config.publicUrl };
  }
}
