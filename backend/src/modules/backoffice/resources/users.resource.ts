import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ROLES, Role } from '../../../common/guards/auth-user';
import { AccountService } from '../../account/account.service';
import { accountStatus } from '../../account/domain/account-erasure';
import { User } from '../../account/entities/user.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * PUT /api/backoffice/users/{id}: the role and/or the ban. react-admin sends the whole record
 * back; every other field is ignored (stripped).
 */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;

  @ApiPropertyOptional({ description: 'true bans (logs the user out everywhere), false unbans' })
  @IsOptional()
  @IsBoolean({ message: 'banned must be true or false' })
  banned?: boolean;
}

/**
 * `accountStatus` (account's domain, docs/PRODUCT-RULES.md R281) as a filter column: the same
 * order of precedence, checked against it by test/integration/backoffice/users-resource.int-spec.ts.
 */
const ACCOUNT_STATUS_SQL = `(CASE WHEN u.erased_at IS NOT NULL THEN 'erased' WHEN u.banned_at IS NOT NULL THEN 'banned' ELSE 'active' END)`;

/**
 * A user as the back office shows it: never the password hash, tokens or avatar file. A closed
 * account (status `erased`, docs/PRODUCT-RULES.md R281) shows no e-mail and no phone, only its
 * pseudonym, role, country and dates.
 */
export const toAdminUser = (u: User) => {
  const erased = u.erasedAt !== null;
  return {
    id: u.id,
    username: u.username,
    email: erased ? null : u.email,
    phone: erased ? null : u.phoneNumber,
    role: u.role,
    country: u.country,
    status: accountStatus(u),
    is_active: u.bannedAt === null && !erased,
    banned: u.bannedAt !== null,
    banned_at: u.bannedAt?.toISOString() ?? null,
    erased_at: u.erasedAt?.toISOString() ?? null,
    email_verified: erased ? false : u.emailVerifiedAt !== null,
    date_joined: u.createdAt.toISOString(),
  };
};

/**
 * `users` (admin, docs/PRODUCT-RULES.md "Back office", R281): list and read accounts (filters role,
 * status — active, banned or erased —, banned, country, q over username / e-mail / phone); PUT
 * sets the role (user | tipster | admin) or bans / unbans through AccountService.adminUpdate (a ban revokes every refresh session: the user is logged out and
 * cannot log in; an admin cannot be banned, nor change their own role). No create / delete (405).
 */
@Injectable()
export class UsersResource implements BackofficeResource {
  readonly definition;

  constructor(accounts: AccountService) {
    this.definition = defineResource<User, object, UpdateUserDto>({
      name: 'users',
      entity: User,
      alias: 'u',
      roles: ['admin'],
      fields: {
        id: { column: 'u.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        username: { column: 'u.username', type: 'text', sortable: true, filter: ['ilike'] },
        email: { column: 'u.email', type: 'text', sortable: true, filter: ['ilike'] },
        phone: { column: 'u.phone_number', type: 'text', filter: ['ilike'] },
        role: { column: 'u.role', type: 'text', sortable: true, filter: ['eq', 'in'] },
        country: { column: 'u.country', type: 'text', sortable: true, filter: ['eq', 'in'] },
        banned: { column: '(u.banned_at IS NOT NULL)', type: 'bool', filter: ['eq'] },
        status: { column: ACCOUNT_STATUS_SQL, type: 'text', filter: ['eq', 'in'] },
        is_active: {
          column: '(u.banned_at IS NULL AND u.erased_at IS NULL)',
          type: 'bool',
          filter: ['eq'],
        },
        erased_at: { column: 'u.erased_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
        date_joined: {
          column: 'u.created_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
      },
      search: ['username', 'email', 'phone'],
      defaultSort: ['date_joined', 'DESC'],
      serialize: toAdminUser,
      update: {
        dto: UpdateUserDto,
        handle: (id, body, { manager, actor }) =>
          accounts.adminUpdate(Number(id), body, { manager, actorId: actor.id }),
      },
    });
  }
}
