import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI shape of GET /v2/api/manage/post/ (blog.mapper.ts builds it). */
class PublicPostDto {
  @ApiProperty() title: string;
  @ApiProperty() slug: string;
  @ApiProperty({ description: 'Sanitised HTML' }) content: string;
  @ApiProperty() overview: string;
  @ApiProperty({ description: 'ISO-8601 UTC instant' }) date_created: string;
  @ApiProperty({ nullable: true, type: String }) thumbnail: string | null;
  @ApiProperty() author: string;
}

export class PostListResponseDto {
  @ApiProperty() count: number;
  @ApiProperty({ type: [PublicPostDto] }) results: PublicPostDto[];
}
