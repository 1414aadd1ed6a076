import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, ValidateIf } from 'class-validator';
import { Role } from '@folio/platform/domain/roles';
import { IsRoleOrGuest } from '@folio/identity/public/role.validators';

/** `{ role, users | teams }`: at least one of the two lists; a `null` role removes their access. */
export class GrantAccessBody {
  @IsRoleOrGuest()
  role!: Role | null;

  @ValidateIf((o: GrantAccessBody) => o.users !== undefined || o.teams === undefined)
  @IsArray({ message: 'users or teams must be given, as arrays of ids' })
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  users?: string[];

  @ValidateIf((o: GrantAccessBody) => o.teams !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  teams?: string[];
}
