import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsOptional,
  ValidateBy,
  ValidationArguments,
  isEmail,
} from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { ROLES, Role } from '@folio/platform/domain/roles';
import { IsRoleOrGuest } from '../public/role.validators';


/** An invitee: an email, or `{ email, role }` to give that person another role than the default. */
export type Invitee = string | { email: string; role: Role | null };

function isInvitee(value: unknown): value is Invitee {
  if (typeof value === 'string') return isEmail(value, { require_tld: false });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { email, role, ...rest } = value as Record<string, unknown>;
  return Object.keys(rest).length === 0 && typeof email === 'string' && isEmail(email, { require_tld: false }) && [...ROLES, null].includes(role as Role | null);
}

export class InviteUsersBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateBy({
    name: 'isInviteeList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every(isInvitee),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must hold email addresses, or objects { email, role } with a role of: ${ROLES.join(', ')} or null`,
    },
  })
  emails!: Invitee[];

  @IsOptional()
  @IsRoleOrGuest()
  role?: Role | null;

  @IsOptionalNonNull()
  @IsBoolean()
  sso?: boolean;
}

export class CreateInviteBody {
  @IsRoleOrGuest()
  role!: Role | null;
}

/** Only organization invites exist; `level` belongs to space and collection invites. */
export class UpdateInviteBody {
  @IsRoleOrGuest()
  role!: Role | null;
}
