import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import {
  MAX_AUTHOR_LENGTH,
  MAX_CONTENT_LENGTH,
  MAX_OVERVIEW_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '../blog.constants';
import { isSafeImageUrl } from '../domain/sanitize-post';
import { NoToutWords } from '../../../common/content/tout-words';

/** Validates an https or site-relative image URL (domain/sanitize-post.ts isSafeImageUrl). */
const IsSafeImageUrl = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isSafeImageUrl',
      validator: { validate: (v: unknown) => typeof v === 'string' && isSafeImageUrl(v) },
    },
    options,
  );

const emptyToNull = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/**
 * A post as an admin writes it (back office `posts` create). `content` is HTML and is sanitised
 * on write; title, overview and author are plain text (markup stripped). `slug` is optional:
 * blank derives it from the title; a taken slug gets -2, -3, ...
 */
export class CreatePostDto {
  @ApiProperty({ example: 'How accumulators work', maxLength: MAX_TITLE_LENGTH })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(MAX_TITLE_LENGTH, { message: `title must be at most ${MAX_TITLE_LENGTH} characters` })
  @NoToutWords()
  title: string;

  @ApiProperty({
    example: '<p>An accumulator combines ...</p>',
    description: 'HTML, sanitised on write',
  })
  @IsString({ message: 'content must be text' })
  @IsNotEmpty({ message: 'Content is required' })
  @MaxLength(MAX_CONTENT_LENGTH, {
    message: `content must be at most ${MAX_CONTENT_LENGTH} characters`,
  })
  @NoToutWords()
  content: string;

  @ApiPropertyOptional({ example: 'Why one loss sinks the slip, and how the odds multiply.' })
  @IsOptional()
  @IsString({ message: 'overview must be text' })
  @MaxLength(MAX_OVERVIEW_LENGTH, {
    message: `overview must be at most ${MAX_OVERVIEW_LENGTH} characters`,
  })
  @NoToutWords()
  overview?: string;

  @ApiPropertyOptional({ example: 'https://cdn.example.com/acca.jpg', nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'thumbnail must be text' })
  @MaxLength(MAX_URL_LENGTH, { message: `thumbnail must be at most ${MAX_URL_LENGTH} characters` })
  @IsSafeImageUrl({ message: 'thumbnail must be an https or site-relative (/...) image URL' })
  thumbnail?: string | null;

  @ApiPropertyOptional({ example: 'Tips Desk', description: "defaults to the admin's username" })
  @IsOptional()
  @IsString({ message: 'author must be text' })
  @MaxLength(MAX_AUTHOR_LENGTH, {
    message: `author must be at most ${MAX_AUTHOR_LENGTH} characters`,
  })
  @NoToutWords()
  author?: string;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({
    example: 'how-accumulators-work',
    description: 'blank: derived from the title',
  })
  @IsOptional()
  @IsString({ message: 'slug must be text' })
  @MaxLength(200, { message: 'slug must be at most 200 characters' })
  slug?: string;
}

/**
 * Changes to a post (back office `posts` update). Every field optional; unknown fields (react-admin
 * sends the whole record: id, date_created, ...) are ignored. The slug changes only when sent.
 */
export class UpdatePostDto extends PartialType(CreatePostDto) {}
