import { IsOptional, IsString, Length } from 'class-validator';
import { IsQueryBoolean } from '../revisions/content-read.dto';

/** `GET …/pdf`: which pages to print (none: all of them). */
export class PdfQuery {
  /** Print only `page`, not its subpages. */
  @IsOptional()
  @IsQueryBoolean()
  only?: boolean;

  /** The page to print, with its subpages unless `only`. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  page?: string;
}
