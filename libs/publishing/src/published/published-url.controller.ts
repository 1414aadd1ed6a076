import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Invalid } from '@folio/platform/domain/errors';
import { Public } from '@folio/platform/http/public.decorator';
import { validatedBody } from '@folio/platform/http/validation';
import { RESOLVE_URL_FIELDS, ResolveUrlBody, ResolveUrlQuery } from './published-url.dto';
import { ResolvePublishedUrl } from './resolve-url.query';

/**
 * Resolving a published URL: what a renderer asks first, before it has any token, so these routes need
 * none (the URL, its share key and the visitor token are what open a site).
 */
@Controller()
export class PublishedUrlController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The body is taken raw and only the spec's fields are validated: GitBook's renderer adds fields of its
   * own (`cacheBust`, to miss its HTTP cache), which are accepted and ignored.
   */
  @Public()
  @Post('urls/published')
  @HttpCode(200)
  async resolve(@Body() raw: unknown) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Invalid('the body must be a JSON object');
    const known = Object.fromEntries(RESOLVE_URL_FIELDS.flatMap((field) => (Object.prototype.hasOwnProperty.call(raw, field) ? [[field, (raw as Record<string, unknown>)[field]]] : [])));
    const body = await validatedBody(ResolveUrlBody, known);
    return this.queries.execute(
      new ResolvePublishedUrl({
        url: body.url,
        redirectOnError: body.redirectOnError ?? false,
        visitorToken: body.visitor?.jwtToken,
        unsignedClaims: body.visitor?.unsignedClaims,
        visitorType: body.visitor?.type,
      }),
    );
  }

  /** The spec's deprecated GET form. */
  @Public()
  @Get('urls/published')
  get(@Query() query: ResolveUrlQuery) {
    return this.queries.execute(new ResolvePublishedUrl({ url: query.url, redirectOnError: query.redirectOnError ?? false, visitorToken: query.visitorAuthToken }));
  }
}
