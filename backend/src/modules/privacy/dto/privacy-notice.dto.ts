import { ApiProperty } from '@nestjs/swagger';

/**
 * OpenAPI shapes of GET /api/site/privacy (docs/PRODUCT-RULES.md R275). Documentation only:
 * `privacyNotice` builds the answer from the configuration.
 */

class PrivacyControllerDto {
  @ApiProperty({
    example: 'TipsKE Marketplace',
    description: 'The data controller (PRIVACY_CONTROLLER_NAME)',
  })
  name: string;
  @ApiProperty({
    example: 'privacy@tips.local',
    description: 'Where to write to exercise a right (PRIVACY_CONTACT_EMAIL)',
  })
  contact_email: string;
}

class PrivacyPurposeDto {
  @ApiProperty({ example: 'Access logs: IP address and the page requested' }) data: string;
  @ApiProperty({ example: 'Keep the service secure and find faults.' }) purpose: string;
}

class PrivacyRetentionDto {
  @ApiProperty({ example: 'Text of the SMS we sent you (picks, codes, vouchers, receipts)' })
  data: string;
  @ApiProperty({
    example: '90 days',
    description:
      'The period as the page shows it (from the RETENTION_* settings), or a sentence when no fixed period applies',
  })
  period: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 90,
    description: 'The period in days, when it is counted in days',
  })
  days: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'The period in calendar months, when it is counted in months',
  })
  months: number | null;
}

class PrivacyRightDto {
  @ApiProperty({ enum: ['export', 'deletion', 'correction', 'stop'] }) right:
    'export' | 'deletion' | 'correction' | 'stop';
  @ApiProperty({ example: 'Stop marketing' }) title: string;
  @ApiProperty({
    example: 'Reply STOP to any marketing SMS, or open the unsubscribe link in a marketing e-mail.',
  })
  how: string;
}

/** The privacy notice. */
export class PrivacyNoticeDto {
  @ApiProperty({ type: PrivacyControllerDto }) controller: PrivacyControllerDto;
  @ApiProperty({ type: [PrivacyPurposeDto] }) purposes: PrivacyPurposeDto[];
  @ApiProperty({ type: [PrivacyRetentionDto] }) retention: PrivacyRetentionDto[];
  @ApiProperty({ type: [PrivacyRightDto] }) rights: PrivacyRightDto[];
  @ApiProperty({
    example:
      "If we do not answer within 30 days you may complain to Kenya's Office of the Data Protection Commissioner (odpc.go.ke).",
  })
  complaints: string;
}
