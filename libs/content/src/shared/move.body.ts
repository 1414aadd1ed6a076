import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { Placement, Pointer } from './placement';

const ID = 64;

export class PointerBody {
  @IsIn(['space', 'collection'])
  type!: 'space' | 'collection';

  @ValidateIf((o: PointerBody) => o.type === 'space' || o.space !== undefined)
  @IsString()
  @Length(1, ID)
  space?: string;

  @ValidateIf((o: PointerBody) => o.type === 'collection' || o.collection !== undefined)
  @IsString()
  @Length(1, ID)
  collection?: string;

  toPointer(): Pointer {
    return this.type === 'space' ? { type: 'space', space: this.space! } : { type: 'collection', collection: this.collection! };
  }
}

export class PositionBody {
  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PointerBody)
  before?: PointerBody;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PointerBody)
  after?: PointerBody;
}

/** The body of POST /spaces/{id}/move and /collections/{id}/move: `parent` (a collection id, or null for the root), `position`, or both. */
export class MoveBody {
  @IsOptional()
  @IsString()
  @Length(1, ID)
  parent?: string | null;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PositionBody)
  position?: PositionBody;

  placement(): Placement | undefined {
    if (!this.position) return undefined;
    return {
      ...(this.position.before ? { before: this.position.before.toPointer() } : {}),
      ...(this.position.after ? { after: this.position.after.toPointer() } : {}),
    };
  }
}

/** A move must say where: the client's spec gives its body `minProperties: 1`. */
export function assertMoveBody(body: MoveBody | undefined): MoveBody {
  if (!body || (body.parent === undefined && body.position === undefined)) {
    throw new BadRequestException('give parent, position or both');
  }
  return body;
}
