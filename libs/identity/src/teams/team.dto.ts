import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  registerDecorator,
  ValidationArguments,
} from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { TEAM_ROLES, TeamRole } from './team.events';

const VISIBLE = /\S/;
const MAX_USERS = 1000;
/** An id (20 characters) or an email address (RFC 5321 caps a path at 256). */
const MAX_USER_REF = 320;

export class ListTeamsQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_USER_REF)
  owner?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  title?: string;
}

export class CreateTeamBody {
  @IsString()
  @Length(1, 64)
  @Matches(VISIBLE, { message: 'title must contain a visible character' })
  title!: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_USERS)
  @IsString({ each: true })
  @MaxLength(MAX_USER_REF, { each: true })
  members?: string[];
}

export class UpdateTeamBody {
  @IsString()
  @Length(1, 64)
  @Matches(VISIBLE, { message: 'title must contain a visible character' })
  title!: string;
}

/**
 * `memberships` is a map from user (id or email) to `{ role }`. Its keys are data, not properties, so
 * it is checked as a whole here rather than as a nested DTO (whose whitelist would refuse every key).
 */
function IsMemberships(): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'isMemberships',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate(value: unknown) {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= MAX_USERS &&
            entries.every(
              ([user, membership]) =>
                user.length > 0 &&
                user.length <= MAX_USER_REF &&
                membership !== null &&
                typeof membership === 'object' &&
                !Array.isArray(membership) &&
                Object.keys(membership).length === 1 &&
                TEAM_ROLES.includes((membership as { role: TeamRole }).role),
            )
          );
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property} must map at most ${MAX_USERS} users to { role: ${TEAM_ROLES.join(' | ')} }`,
      },
    });
}

export class UpdateTeamMembersBody {
  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_USERS)
  @IsString({ each: true })
  @MaxLength(MAX_USER_REF, { each: true })
  add?: string[];

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_USERS)
  @IsString({ each: true })
  @MaxLength(MAX_USER_REF, { each: true })
  remove?: string[];

  @IsOptionalNonNull()
  @IsObject()
  @IsMemberships()
  memberships?: Record<string, { role: TeamRole }>;
}

export class PutTeamMemberBody {
  @IsOptionalNonNull()
  @IsIn(TEAM_ROLES)
  role?: TeamRole;
}
