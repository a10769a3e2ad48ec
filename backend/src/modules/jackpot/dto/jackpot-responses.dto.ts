import { ApiProperty } from '@nestjs/swagger';
import { SlipResponseDto } from '../../slip/dto/slip-responses.dto';
import {
  JACKPOT_COMPANIES,
  JACKPOT_TYPES,
  JackpotCompany,
  JackpotType,
} from '../domain/jackpot-slug';

/** OpenAPI shape of GET /api/jackpot/get-all-jackpots (jackpot.mapper.ts builds it). */
class JackpotDto {
  @ApiProperty({ enum: [...JACKPOT_COMPANIES], description: 'SP (SportPesa) or BT (Betika)' })
  company: JackpotCompany;
  @ApiProperty({ enum: [...JACKPOT_TYPES], description: 'MG (Mega) or MW (Mid Week)' })
  type: JackpotType;
  @ApiProperty({ type: SlipResponseDto }) slip: SlipResponseDto;
  @ApiProperty({ example: '8123.40', description: 'Total odds' }) todaysOdd: string;
  @ApiProperty({ example: '199.00', description: 'Ksh' }) price: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Earliest kick-off still to come, Nairobi ISO time',
  })
  next_match: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '11/17',
    description:
      "Once every game is decided: tips won / tips counted, void games apart ('11/16 (1 void)'); null while games remain",
  })
  score: string | null;
}

export class JackpotsResponseDto {
  @ApiProperty({ type: [JackpotDto] }) data: JackpotDto[];
}

/** One past round of GET /api/jackpot/history (jackpot.mapper.ts builds it). */
class JackpotHistoryItemDto {
  @ApiProperty({ description: 'Jackpot id (cursor for `before`)' }) id: number;
  @ApiProperty({ enum: [...JACKPOT_COMPANIES] }) company: JackpotCompany;
  @ApiProperty({ enum: [...JACKPOT_TYPES] }) type: JackpotType;
  @ApiProperty() title: string;
  @ApiProperty({ example: 'sportpesa-mega-jackpot', description: '/jackpot/{slug} page segment' })
  slug: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Earliest kick-off of its games, Nairobi ISO time',
  })
  first_kickoff: string | null;
  @ApiProperty({ description: 'Number of games' }) games: number;
  @ApiProperty({
    example: '11/17',
    description: "Tips won / tips counted, void games left out of both ('11/16 (1 void)')",
  })
  score: string;
  @ApiProperty({ description: 'Tips won' }) won: number;
  @ApiProperty({ description: 'Tips counted (void games left out)' }) counted: number;
  @ApiProperty({ description: 'Void games' }) void: number;
}

export class JackpotHistoryResponseDto {
  @ApiProperty({ type: [JackpotHistoryItemDto] }) data: JackpotHistoryItemDto[];
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Pass as `before` for the next page; null on the last page',
  })
  next_before: number | null;
}
