import { IsOptional, IsString, Length } from 'class-validator';
import { IsQueryBoolean } from '../revisions/content-read.dto';

/** `POST …/import`: merge the change request the folder went into. */
export class ImportZipQuery {
  @IsOptional()
  @IsQueryBoolean()
  merge?: boolean;
}

/** `GET …/export`: a revision of the space instead of main. */
export class ExportZipQuery {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  revision?: string;
}
