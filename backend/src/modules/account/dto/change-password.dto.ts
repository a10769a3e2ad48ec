import { ApiProperty } from '@nestjs/swagger';
import { newPasswordError, requiredTextError } from '../domain/account-rules';
import { FieldRule } from './field-rule.decorator';

/** PUT /api/account/change-password (docs/PRODUCT-RULES.md R131, R140). */
export class ChangePasswordDto {
  @ApiProperty()
  @FieldRule(requiredTextError)
  old_password: string;

  @ApiProperty({ minLength: 8 })
  @FieldRule((v) => newPasswordError(v))
  new_password: string;
}
