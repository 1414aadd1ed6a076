import { IsString, MaxLength } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';

/** `query` is required and at most 512 characters (the client's spec); anything typed in it is words, never syntax. */
export class SearchQueryDto extends ListQuery {
  @IsString()
  @MaxLength(512)
  query!: string;
}
