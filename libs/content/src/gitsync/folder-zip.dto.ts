import { IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsQueryBoolean } from '../revisions/content-read.dto';
import { COMMIT_OID, COMMIT_REF, FolderCommit, MAX_COMMIT_MESSAGE } from './folder-commit';

/**
 * `POST …/import`: merge the change request the folder went into; the Git commit the zip holds (Folio's
 * addition: `gitOid`, with `gitMessage` and `gitRef`), named on the revision the import appends.
 */
export class ImportZipQuery {
  @IsOptional()
  @IsQueryBoolean()
  merge?: boolean;

  // Required as soon as the commit is named at all: a message or a ref without the commit's id names nothing.
  @ValidateIf((query: ImportZipQuery) => query.gitOid !== undefined || query.gitMessage !== undefined || query.gitRef !== undefined)
  @Matches(COMMIT_OID, { message: 'gitOid must be the commit id: 40 or 64 lowercase hexadecimal digits' })
  gitOid?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_COMMIT_MESSAGE)
  gitMessage?: string;

  @IsOptional()
  @Matches(COMMIT_REF, { message: 'gitRef must be 1 to 256 characters without spaces or control characters' })
  gitRef?: string;
}

/** The commit a query names, if any (an empty message when it gives none, as `git commit --allow-empty-message`). */
export function commitOf(query: ImportZipQuery): FolderCommit | undefined {
  if (query.gitOid === undefined) return undefined;
  return { oid: query.gitOid, message: query.gitMessage ?? '', ...(query.gitRef === undefined ? {} : { ref: query.gitRef }) };
}

/** `GET …/export`: a revision of the space instead of main. */
export class ExportZipQuery {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  revision?: string;
}
