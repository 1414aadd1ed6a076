import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { ROLES, Role } from '@folio/platform/domain/roles';
import { IsRoleOrGuest } from '../public/role.validators';
import { MemberSort } from './member.reads';

export class ListMembersQuery extends ListQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn([...ROLES, 'guest'])
  role?: Role | 'guest';

  @IsOptional()
  @IsString()
  @MaxLength(512)
  search?: string;

  @IsOptional()
  @IsIn(['joinedAt', 'lastSeenAt', 'name'])
  sort?: MemberSort;
}

export class UpdateMemberBody {
  /** Nullable (guest) but required: a PATCH without a role would change nothing. */
  @IsRoleOrGuest()
  role!: Role | null;
}

export class MemberTeamsQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  title?: string;
}
