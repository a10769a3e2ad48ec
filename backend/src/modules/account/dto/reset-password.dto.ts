import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { emailError, MESSAGES, newPasswordError, requiredTextError } from '../domain/account-rules';
import { FieldRule, trimString } from './field-rule.decorator';

/**
 * POST /api/account/reset-password/ (docs/PRODUCT-RULES.md R140): invalid format → 400 `{ email:
 * ['Enter a valid email address'] }`.
 */
export class ResetPasswordRequestDto {
  @ApiProperty({ example: 'kevo@example.com' })
  @Transform(trimString)
  @FieldRule(emailError)
  email: string;
}

/** POST /api/account/reset-password/confirm/ (docs/PRODUCT-RULES.md R132, R140). */
export class ResetPasswordConfirmDto {
  @ApiProperty({ minLength: 8 })
  @FieldRule((v) => newPasswordError(v, MESSAGES.resetPasswordShort))
  password: string;

  @ApiProperty({ description: 'the token of the /change_password/{token} link' })
  @FieldRule(requiredTextError)
  token: string;
}
