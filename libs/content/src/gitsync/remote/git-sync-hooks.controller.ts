import { Body, Controller, HttpCode, Param, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@folio/platform/http/public.decorator';
import { KeepRawBody, rawBodyOf } from '@folio/platform/http/raw-body';
import { requestId } from '@folio/platform/http/request-id';
import { HookOutcome, ReceiveGitSyncHook } from './git-sync-hook.command';

/** The one refusal, whatever was wrong (no such space, not connected, no or a wrong signature): it names no space. */
export const UNSIGNED = 'This delivery is not signed with the Git Sync webhook secret of a connected space (X-Hub-Signature-256 or X-Gitlab-Token)';

/**
 * An addition to the spec: the push webhook a Git server calls (GitHub, Gitea, Forgejo, GitLab), so it
 * needs no Folio token; the space's webhook secret authenticates it. 202: a push to the connected branch
 * was taken (a pull is requested, or one is waiting already); 204: nothing to do (another branch, a deleted
 * branch, a ping or another event); 401: not signed (see UNSIGNED); 400: a body that is no JSON object or a
 * signed push without `ref` and a commit id in `after`.
 */
@Controller('git-sync/hooks')
export class GitSyncHooksController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Post(':spaceId')
  @HttpCode(202)
  @KeepRawBody()
  async receive(@Param('spaceId') spaceId: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const outcome: HookOutcome = await this.commands.execute(new ReceiveGitSyncHook(spaceId, request.headers, rawBodyOf(request), body, requestId(request)));
    if (outcome === 'refused') throw new UnauthorizedException(UNSIGNED);
    if (outcome === 'ignored') void reply.status(204);
  }
}
