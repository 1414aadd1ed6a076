import { Type } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';

/** Audit pages are smaller than other lists: up to 100, 20 by default (the client spec's bounds). */
export const AUDIT_DEFAULT_LIMIT = 20;

export class AuditEventsQuery extends ListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
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
