import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Transform } from 'class-transformer';
import { COUNTRIES, Country } from '../account.constants';
import {
  countryError,
  emailError,
  newPasswordError,
  registrationPhoneError,
  usernameError,
} from '../domain/account-rules';
import { FieldRule, trimString } from './field-rule.decorator';
import { NoToutWords } from '../../../common/content/tout-words';

/** POST /api/account/register (docs/PRODUCT-RULES.md R121, R130). */
export class RegisterDto {
  @ApiProperty({
    example: 'kevo_tips',
    description: '3-30 letters, digits, _ or .; unique ignoring case',
  })
  @Transform(trimString)
  @FieldRule(usernameError)
  @NoToutWords()
  username: string;

  @ApiProperty({ example: 'kevo@example.com' })
  @Transform(trimString)
  @FieldRule(emailError)
  email: string;

  @ApiProperty({ example: '0712345678', description: 'exactly 10 digits' })
  @Transform(trimString)
  @FieldRule(registrationPhoneError)
  phone_number: string;

  @ApiProperty({ example: 'correct horse', minLength: 8 })
  @FieldRule((v) => newPasswordError(v))
  password: string;

  @ApiPropertyOptional({ enum: COUNTRIES, default: 'KE' })
  @FieldRule(countryError)
  country?: Country;

  @ApiPropertyOptional({
    example: 'Send me tips offers by SMS (18+). Reply STOP to opt out.',
    description:
      'Sent only when the unticked marketing box was ticked: the exact text shown next to it; the phone is then opted in to marketing SMS (docs/PRODUCT-RULES.md R276). Any other text is 400.',
  })
  @Allow()
  marketing_sms_consent?: string;
}
