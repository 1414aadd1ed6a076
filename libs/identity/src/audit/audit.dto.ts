import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsQueryInteger } from '@folio/platform/http/validators';

/** Audit pages are smaller than other lists: up to 100, 20 by default (the client spec's bounds). */
export const AUDIT_DEFAULT_LIMIT = 20;

export class AuditEventsQuery extends ListQuery {
  @IsOptional()
  @IsQueryInteger(1, 100)
  declare limit?: number;

  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  action?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  actor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  target?: string;
}
