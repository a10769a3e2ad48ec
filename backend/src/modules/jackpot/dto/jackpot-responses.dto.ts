import { ApiProperty } from '@nestjs/swagger';
import { SlipResponseDto } from '../../slip/dto/slip-responses.dto';
import { JACKPOT_COMPANIES, JACKPOT_TYPES, JackpotCompany, JackpotType } from '../domain/jackpot-slug';

/** OpenAPI shape of GET /api/jackpot/get-all-jackpots (jackpot.mapper.ts builds it). */
class JackpotDto {
  @ApiProperty({ enum: [...JACKPOT_COMPANIES], description: 'SP (SportPesa) or BT (Betika)' }) company: JackpotCompany;
  @ApiProperty({ enum: [...JACKPOT_TYPES], description: 'MG (Mega) or MW (Mid Week)' }) type: JackpotType;
  @ApiProperty({ type: SlipResponseDto }) slip: SlipResponseDto;
  @ApiProperty({ example: '8123.40', description: 'Total odds' }) todaysOdd: string;
  @ApiProperty({ example: '199.00', description: 'Ksh' }) price: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ nullable: true, type: String, description: 'Earliest kick-off still to come, Nairobi ISO time' }) next_match: string | null;
}

export class JackpotsResponseDto {
  @ApiProperty({ type: [JackpotDto] }) data: JackpotDto[];
}
