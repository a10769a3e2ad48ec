import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../decorators/public.decorator';
import { SALE_COUNTRIES, saleCountryOfIp, type SaleCountry } from './visitor-country';

/** GET /api/geo/country's answer. */
export class VisitorCountryResponse {
  @ApiProperty({
    enum: SALE_COUNTRIES,
    description: "The visitor's sale country by IP; Kenya when the IP is elsewhere or unknown.",
  })
  country!: SaleCountry;
}

/**
 * The visitor's country by IP (docs/PRODUCT-RULES.md R143), looked up offline: the buy page and the
 * registration dialog preselect it. The HTML the server sends carries the same value
 * (docs/PERFORMANCE.md, "Slow networks"), so the app asks only when that is missing.
 */
@ApiTags('geo')
@Public()
@Controller('api/geo')
export class GeoController {
  /** `{ country: 'KE' | 'NG' | 'UG' }` for the client's IP (request.ip); private to the client, an hour. */
  @Get('country')
  @Header('cache-control', 'private, max-age=3600')
  @ApiOkResponse({ type: VisitorCountryResponse })
  country(@Req() request: FastifyRequest): VisitorCountryResponse {
    return { country: saleCountryOfIp(request.ip) };
  }
}
