import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CITY_MAX, NAME_MAX } from '../account.constants';
import { MESSAGES, optionalTextError } from '../domain/account-rules';
import { FieldRule, trimString } from './field-rule.decorator';
import { NoToutWords } from '../../../common/content/tout-words';

/**
 * POST /api/account/user/details (docs/PRODUCT-RULES.md R140): name and city, each at most 60
 * characters; omitted = unchanged.
 */
export class UserDetailsDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @Transform(trimString)
  @FieldRule(optionalTextError(NAME_MAX, MESSAGES.nameLong))
  @NoToutWords()
  name?: string;

  @ApiPropertyOptional({ maxLength: CITY_MAX })
  @Transform(trimString)
  @FieldRule(optionalTextError(CITY_MAX, MESSAGES.cityLong))
  @NoToutWords()
  city?: string;
}
