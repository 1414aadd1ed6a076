import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { ListQuery } from '@folio/platform/http/pagination';
import { DefaultLevel } from '../shared/default-level';
import { IsDefaultLevel } from '../shared/default-level.validator';
import { CollectionSettings } from './collection.events';

const ID = 64;

export class ListCollectionsQuery extends ListQuery {
  /** true: every collection, nested ones too; false (the default): root collections only. */
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  nested?: boolean;
}

export class CreateCollectionBody {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  parent?: string;
}

export class UpdateCollectionBody {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(100)
  description?: string;

  @IsOptional()
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;

  toChanges(): Partial<CollectionSettings> {
    const changes: Partial<CollectionSettings> = {};
    if (this.title !== undefined) changes.title = this.title;
    if (this.description !== undefined) changes.description = this.description;
    if (this.defaultLevel !== undefined) changes.defaultLevel = this.defaultLevel;
    return changes;
  }
}

export class TransferCollectionBody {
  @IsString()
  @Length(1, ID)
  organization!: string;
}
