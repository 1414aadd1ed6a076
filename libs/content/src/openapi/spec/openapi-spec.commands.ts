import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { OpenAPISpecAccess, SpecPermissions } from './openapi-spec-access';
import { openapiSpecDecider } from './openapi-spec.decider';
import { isSlug, SourceInput } from './openapi-spec.dto';
import { openapiSpecStream, OpenAPISpecVisibility, SpecSource } from './openapi-spec.events';
import { OpenAPISpecReads } from './openapi-spec.reads';
import { OpenAPISpecResource, openapiSpecResource } from './openapi-spec.resource';
import { SpecSlugs } from './spec-slugs';
import { SpecTexts } from './spec-texts';

/**
 * What spec writes share: the caller must hold `createOpenAPISpec` (404 stranger, 403 member), a text is
 * put in the content-object store before its submission names it, and the answer is the spec as the
 * read model shows it after the write (processing then runs in the background: `pending`).
 */
@Injectable()
abstract class SpecWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly access: OpenAPISpecAccess,
    protected readonly reads: OpenAPISpecReads,
    private readonly texts: SpecTexts,
    private readonly slugs: SpecSlugs,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  /** Creates the spec under its slug (409 when another spec of the organization holds it), its first submission with it. */
  protected async create(caller: Caller, organizationId: string, slug: string, input: SourceInput, permissions: SpecPermissions) {
    const source = await this.source(input);
    const specId = newId();
    await this.slugs.holding(caller, organizationId, slug, specId, () =>
      this.aggregates.handle(
        openapiSpecStream(specId),
        openapiSpecDecider,
        { type: 'CreateSpec', specId, organizationId, slug, submissionId: newId(), source, actor: caller.userId },
        caller,
      ),
    );
    return this.resource(organizationId, slug, permissions);
  }

  protected async source(input: SourceInput): Promise<SpecSource> {
    return 'url' in input ? { kind: 'url', url: input.url } : { kind: 'text', text: await this.texts.storeText(Buffer.from(input.text)) };
  }

  protected async resource(organizationId: string, slug: string, permissions: SpecPermissions): Promise<OpenAPISpecResource> {
    return openapiSpecResource(this.config, await this.reads.spec(organizationId, slug), permissions);
  }

  protected releaseSlug(caller: Caller, organizationId: string, slug: string, specId: string) {
    return this.slugs.release(caller, organizationId, slug, specId);
  }
}

export class CreateOpenAPISpec extends Command<OpenAPISpecResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly source: SourceInput) {
    super();
  }
}

@CommandHandler(CreateOpenAPISpec)
export class CreateOpenAPISpecHandler extends SpecWrite implements ICommandHandler<CreateOpenAPISpec> {
  async execute({ caller, organizationId, slug, source }: CreateOpenAPISpec) {
    const permissions = await this.access.editor(caller, organizationId, 'create OpenAPI specs in this organization');
    return this.create(caller, organizationId, slug, source, permissions);
  }
}

/** Answers the spec and whether it was created (201) rather than given a new source (200). */
export class PutOpenAPISpec extends Command<{ created: boolean; spec: OpenAPISpecResource }> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly source: SourceInput) {
    super();
  }
}

@CommandHandler(PutOpenAPISpec)
export class PutOpenAPISpecHandler extends SpecWrite implements ICommandHandler<PutOpenAPISpec> {
  /** A text equal to the last one submitted writes nothing (200, the spec as it was); a URL is always fetched again. */
  async execute({ caller, organizationId, slug, source }: PutOpenAPISpec) {
    const permissions = await this.access.editor(caller, organizationId, 'write OpenAPI specs in this organization');
    if (!isSlug(slug)) throw new Invalid('specSlug must be 1 to 100 letters and digits in words joined by single hyphens');
    const existing = await this.reads.bySlug(organizationId, slug);
    if (!existing) return { created: true, spec: await this.create(caller, organizationId, slug, source, permissions) };
    const submission = { type: 'SubmitSource' as const, submissionId: newId(), source: await this.source(source), actor: caller.userId };
    await this.aggregates.handle(openapiSpecStream(existing.id), openapiSpecDecider, submission, caller);
    return { created: false, spec: await this.resource(organizationId, existing.slug, permissions) };
  }
}

/** Fetches a URL spec's source again (400 for a spec made from a text). */
export class RefreshOpenAPISpec extends Command<OpenAPISpecResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string) {
    super();
  }
}

@CommandHandler(RefreshOpenAPISpec)
export class RefreshOpenAPISpecHandler extends SpecWrite implements ICommandHandler<RefreshOpenAPISpec> {
  async execute({ caller, organizationId, slug }: RefreshOpenAPISpec) {
    const permissions = await this.access.editor(caller, organizationId, 'refresh OpenAPI specs in this organization');
    const spec = await this.reads.spec(organizationId, slug);
    await this.aggregates.handle(openapiSpecStream(spec.id), openapiSpecDecider, { type: 'RefreshSpec', submissionId: newId(), actor: caller.userId }, caller);
    return this.resource(organizationId, spec.slug, permissions);
  }
}

export class UpdateOpenAPISpecVisibility extends Command<OpenAPISpecResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly visibility: OpenAPISpecVisibility) {
    super();
  }
}

@CommandHandler(UpdateOpenAPISpecVisibility)
export class UpdateOpenAPISpecVisibilityHandler extends SpecWrite implements ICommandHandler<UpdateOpenAPISpecVisibility> {
  async execute({ caller, organizationId, slug, visibility }: UpdateOpenAPISpecVisibility) {
    const permissions = await this.access.editor(caller, organizationId, 'change OpenAPI specs in this organization');
    const spec = await this.reads.spec(organizationId, slug);
    await this.aggregates.handle(openapiSpecStream(spec.id), openapiSpecDecider, { type: 'ChangeVisibility', visibility, actor: caller.userId }, caller);
    return this.resource(organizationId, spec.slug, permissions);
  }
}

/** Answers whether a spec was deleted (205) or there was none (204); its slug is free again. */
export class DeleteOpenAPISpec extends Command<boolean> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string) {
    super();
  }
}

@CommandHandler(DeleteOpenAPISpec)
export class DeleteOpenAPISpecHandler extends SpecWrite implements ICommandHandler<DeleteOpenAPISpec> {
  async execute({ caller, organizationId, slug }: DeleteOpenAPISpec) {
    await this.access.editor(caller, organizationId, 'delete OpenAPI specs in this organization');
    const spec = await this.reads.bySlug(organizationId, slug);
    if (!spec) return false;
    const { events } = await this.aggregates.handle(openapiSpecStream(spec.id), openapiSpecDecider, { type: 'DeleteSpec', actor: caller.userId }, caller);
    await this.releaseSlug(caller, organizationId, spec.slug, spec.id);
    return events.length > 0;
  }
}

export const openapiSpecCommandHandlers = [
  CreateOpenAPISpecHandler,
  PutOpenAPISpecHandler,
  RefreshOpenAPISpecHandler,
  UpdateOpenAPISpecVisibilityHandler,
  DeleteOpenAPISpecHandler,
];
