import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import {
  CreateChangeRequest,
  RemoveRequestedReviewer,
  RequestReviewers,
  SubmitReview,
  UpdateChangeRequest,
} from './change-request.commands';
import {
  CreateChangeRequestBody,
  GetReviewQuery,
  ListOrganizationChangeRequestsQuery,
  ListReviewsQuery,
  ListSpaceChangeRequestsQuery,
  RequestReviewersBody,
  SubmitReviewBody,
  UpdateChangeRequestBody,
} from './change-request.dto';
import {
  GetChangeRequest,
  GetReview,
  ListContributors,
  ListOrganizationChangeRequests,
  ListRequestedReviewers,
  ListReviews,
  ListSpaceChangeRequests,
} from './change-request.queries';

const ONE = 'spaces/:spaceId/change-requests/:changeRequestId';

@Controller()
export class ChangeRequestController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('spaces/:spaceId/change-requests')
  async create(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: CreateChangeRequestBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = (body as CreateChangeRequestBody | undefined) ?? {};
    const changeRequest = await this.commands.execute(
      new CreateChangeRequest(caller, spaceId, input.subject ?? '', input.template, input.conversationsIssuesCluster),
    );
    void reply.status(201).header('location', changeRequest.urls.location);
    return changeRequest;
  }

  @Get('spaces/:spaceId/change-requests')
  list(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: ListSpaceChangeRequestsQuery) {
    const { status, creator, contributor, requestedReviewer, conversationsIssuesCluster, orderBy, ...list } = query;
    const filters = { status: status ? [status] : undefined, creator, contributor, requestedReviewer, conversationsIssuesCluster, orderBy };
    return this.queries.execute(new ListSpaceChangeRequests(caller, spaceId, filters, list));
  }

  @Get('orgs/:organizationId/change-requests')
  listInOrganization(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListOrganizationChangeRequestsQuery) {
    const { status, creator, contributor, requestedReviewer, conversationsIssuesCluster, orderBy, space, ...list } = query;
    const filters = { status, creator, contributor, requestedReviewer, conversationsIssuesCluster, orderBy, space };
    return this.queries.execute(new ListOrganizationChangeRequests(caller, organizationId, filters, list));
  }

  @Get(ONE)
  get(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.queries.execute(new GetChangeRequest(caller, spaceId, changeRequestId));
  }

  /** `Prefer: return=minimal` answers 204 without the request (the client spec's). */
  @Patch(ONE)
  async update(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: UpdateChangeRequestBody,
    @IfMatch() ifMatch: bigint | undefined,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { subject, description, status } = (body as UpdateChangeRequestBody | undefined) ?? {};
    const changeRequest = await this.commands.execute(new UpdateChangeRequest(caller, spaceId, changeRequestId, { subject, description, status }, ifMatch));
    if (prefer?.trim() === 'return=minimal') {
      void reply.status(204).header('preference-applied', 'return=minimal');
      return;
    }
    return changeRequest;
  }

  @Post(`${ONE}/reviews`)
  async submitReview(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: SubmitReviewBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const review = await this.commands.execute(new SubmitReview(caller, spaceId, changeRequestId, body.status, body.comment));
    void reply.status(201).header('location', review.urls.location);
    return review;
  }

  @Get(`${ONE}/reviews`)
  reviews(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Query() query: ListReviewsQuery,
  ) {
    const { outdated, format, ...list } = query;
    return this.queries.execute(new ListReviews(caller, spaceId, changeRequestId, outdated, format, list));
  }

  @Get(`${ONE}/reviews/:reviewId`)
  review(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Param('reviewId') reviewId: string,
    @Query() query: GetReviewQuery,
  ) {
    return this.queries.execute(new GetReview(caller, spaceId, changeRequestId, reviewId, query.format));
  }

  @Post(`${ONE}/requested-reviewers`)
  @HttpCode(200)
  requestReviewers(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: RequestReviewersBody,
  ) {
    const { users, subject, description } = body;
    return this.commands.execute(new RequestReviewers(caller, spaceId, changeRequestId, users, { subject, description }));
  }

  @Get(`${ONE}/requested-reviewers`)
  requestedReviewers(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Query() list: ListQuery,
  ) {
    return this.queries.execute(new ListRequestedReviewers(caller, spaceId, changeRequestId, list));
  }

  /** 205 when the reviewer was removed, 204 when none by that id was requested (the client spec's). */
  @Delete(`${ONE}/requested-reviewers/:userId`)
  async removeReviewer(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const removed = await this.commands.execute(new RemoveRequestedReviewer(caller, spaceId, changeRequestId, userId));
    answerDeletion(reply, removed);
  }

  @Get(`${ONE}/contributors`)
  contributors(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Query() list: ListQuery,
  ) {
    return this.queries.execute(new ListContributors(caller, spaceId, changeRequestId, list));
  }
}
