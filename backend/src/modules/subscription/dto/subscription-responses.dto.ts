import { ApiProperty } from '@nestjs/swagger';
import { SlipResponseDto } from '../../slip/dto/slip-responses.dto';

/** OpenAPI shapes of the subscription routes (docs/PRODUCT-RULES.md R140). */

export class SubscriptionKindDto {
  @ApiProperty({ example: '300.00', description: 'Ksh' }) price: string;
  @ApiProperty({ example: 'gold' }) type: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: '1000 means lifetime' }) days: number;
}

/** GET /api/manage/get-subscription-kind: `{ gold, silver, bronze }`. */
export class SubscriptionKindsResponseDto {
  @ApiProperty({ type: SubscriptionKindDto }) gold: SubscriptionKindDto;
  @ApiProperty({ type: SubscriptionKindDto }) silver: SubscriptionKindDto;
  @ApiProperty({ type: SubscriptionKindDto }) bronze: SubscriptionKindDto;
}

/** GET /api/manage/get-subscription-slips/{phone}: today's premium slips. */
export class SubscriptionSlipsResponseDto {
  @ApiProperty({ type: [SlipResponseDto] }) data: SlipResponseDto[];
}
