import { ApiProperty } from '@nestjs/swagger';
import { SlipResponseDto } from '../../slip/dto/slip-responses.dto';

/** OpenAPI shape of GET /api/jackpot/get-all-jackpots (jackpot.mapper.ts builds it). */
class JackpotDto {
  @ApiProperty({ example: 'sportpesa' }) company: string;
  @ApiProperty({ example: 'mega' }) type: string;
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
