import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { Public } from '@folio/platform/http/public.decorator';
import { BodyLimit } from '@folio/platform/http/route-body-limit';
import { CreateOpenAPISpec, DeleteOpenAPISpec, PutOpenAPISpec, RefreshOpenAPISpec, UpdateOpenAPISpecVisibility } from './openapi-spec.commands';
import { CreateOpenAPISpecBody, PutOpenAPISpecBody, UpdateOpenAPISpecBody } from './openapi-spec.dto';
import {
  GetOpenAPISpec,
  GetOpenAPISpecContent,
  GetOpenAPISpecRaw,
  GetOpenAPISpecVersion,
  GetPublicOpenAPISpecText,
  ListOpenAPISpecs,
  ListOpenAPISpecVersions,
} from './openapi-spec.queries';
import { MAX_SPEC_BYTES } from './spec-texts';

const SPECS = 'orgs/:organizationId/openapi';
const SPEC = `${SPECS}/:specSlug`;
/** `latest` or a version's id. */
const VERSION = `${SPEC}/versions/:versionId`;
/** A body carries a text of up to MAX_SPEC_BYTES, JSON-escaped. */
const SPEC_BODY_LIMIT = 2 * MAX_SPEC_BYTES;

@Controller()
export class OpenAPISpecController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(SPECS)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQuery) {
    return this.queries.execute(new ListOpenAPISpecs(caller, organizationId, query));
  }

  /** 201 with the spec, `pending` until the processor has read it. */
  @Post(SPECS)
  @BodyLimit(SPEC_BODY_LIMIT)
  async create(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: CreateOpenAPISpecBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const spec = await this.commands.execute(new CreateOpenAPISpec(caller, organizationId, body.slug, body.source));
    void reply.status(201);
    return spec;
  }

  @Get(SPEC)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string) {
    return this.queries.execute(new GetOpenAPISpec(caller, organizationId, slug));
  }

  /** 201 when it created the spec, 200 when it gave it a new source (or the same text: nothing new). */
  @Put(SPEC)
  @BodyLimit(SPEC_BODY_LIMIT)
  async put(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Body() body: PutOpenAPISpecBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, spec } = await this.commands.execute(new PutOpenAPISpec(caller, organizationId, slug, body.source));
    void reply.status(created ? 201 : 200);
    return spec;
  }

  @Patch(SPEC)
  update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Body() body: UpdateOpenAPISpecBody) {
    return this.commands.execute(new UpdateOpenAPISpecVisibility(caller, organizationId, slug, body.visibility));
  }

  /** 205 when a spec was deleted, 204 when there was none. */
  @Delete(SPEC)
  async delete(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Res({ passthrough: true }) reply: FastifyReply) {
    answerDeletion(reply, await this.commands.execute(new DeleteOpenAPISpec(caller, organizationId, slug)));
  }

  /** An addition: fetches a URL spec's source again (200 with the spec, `pending`); 400 for a spec made from a text. */
  @Post(`${SPEC}/refresh`)
  refresh(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.status(200);
    return this.commands.execute(new RefreshOpenAPISpec(caller, organizationId, slug));
  }

  @Get(`${SPEC}/versions`)
  versions(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Query() query: ListQuery) {
    return this.queries.execute(new ListOpenAPISpecVersions(caller, organizationId, slug, query));
  }

  @Get(VERSION)
  version(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Param('versionId') versionId: string) {
    return this.queries.execute(new GetOpenAPISpecVersion(caller, organizationId, slug, versionId));
  }

  /** A published site renders a `public` spec: its site token may read the content. */
  @ForReaders()
  @Get(`${VERSION}/content`)
  content(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Param('versionId') versionId: string) {
    return this.queries.execute(new GetOpenAPISpecContent(caller, organizationId, slug, versionId));
  }

  /** The client's `latest/content/raw`, and (an addition) any version's: where a submitted text's version `url` points. */
  @Get(`${VERSION}/content/raw`)
  raw(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Param('versionId') versionId: string) {
    return this.queries.execute(new GetOpenAPISpecRaw(caller, organizationId, slug, versionId));
  }

  /** An addition: a `public` spec's text for anyone, as it was submitted or fetched (`urls.public`); 404 once private. */
  @Public()
  @Get('openapi-public/:organizationId/:specSlug/:versionId')
  async publicText(
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Param('versionId') versionId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { text, format } = await this.queries.execute(new GetPublicOpenAPISpecText(organizationId, slug, versionId));
    void reply.type(format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8');
    return text;
  }
}
