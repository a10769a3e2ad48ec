import { ApiProperty } from '@nestjs/swagger';
import { requiredTextError } from '../domain/account-rules';
import { FieldRule } from './field-rule.decorator';

/**
 * POST /api/account/email-login (docs/PRODUCT-RULES.md R140). Only presence is checked: a wrong
 * value is a 401.
 */
export class EmailLoginDto {
  @ApiProperty({ example: 'kevo@example.com' })
  @FieldRule(requiredTextError)
  email: string;

  @ApiProperty()
  @FieldRule(requiredTextError)
  password: string;
}
