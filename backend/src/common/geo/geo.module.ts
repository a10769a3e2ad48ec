import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller';

/**
 * The visitor's country by IP (docs/PRODUCT-RULES.md R143): GET /api/geo/country, backed by an
 * offline database.
 */
@Module({ controllers: [GeoController] })
export class GeoModule {}
