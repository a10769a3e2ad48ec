import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import {
  ConsistencyProofDto,
  InclusionProofDto,
  LogLeavesDto,
  LogPublicKeyDto,
  TreeHeadDto,
  TreeHeadSizesDto,
} from './dto/transparency-responses.dto';
import {
  InclusionProofView,
  TransparencyLogService,
  TreeHeadView,
} from './transparency-log.service';
import { PublicKeyView, TreeHeadService } from './tree-head.service';

/**
 * The public transparency log (docs/PRODUCT-RULES.md "Transparency log"): signed tree heads
 * (C2SP checkpoints with RFC 3161 tokens), leaves, and RFC 6962 inclusion and consistency proofs.
 * Every parameter is a whole number; a bad or out-of-range one answers 400 with a message.
 */
@ApiTags('transparency')
@Public()
@Controller('api/log')
export class TransparencyController {
  constructor(
    private readonly log: TransparencyLogService,
    private readonly heads: TreeHeadService,
  ) {}

  /** The newest signed checkpoint as text (the C2SP signed note). 404 before the first. */
  @Get('checkpoint')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The newest checkpoint, a C2SP signed note',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: '{message}: no tree head signed yet' })
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  async checkpoint(): Promise<string> {
    return (await this.log.latestHead()).checkpoint;
  }

  /** `?size=` → that tree head; none → the newest. With its RFC 3161 token. */
  @Get('tree-head')
  @ApiQuery({
    name: 'size',
    required: false,
    description: 'Tree size of a stored head; default the newest',
  })
  @ApiOkResponse({ type: TreeHeadDto })
  @ApiBadRequestResponse({ description: '{message}: size is not a whole number' })
  @ApiNotFoundResponse({ description: '{message}: no tree head of that size (or none yet)' })
  treeHead(@Query('size') size?: string): Promise<TreeHeadView> {
    return this.log.head(size);
  }

  /** Sizes of stored tree heads, newest first (`?before=` pages back). */
  @Get('tree-heads')
  @ApiQuery({ name: 'before', required: false, description: 'Only sizes below this one' })
  @ApiOkResponse({ type: TreeHeadSizesDto })
  @ApiBadRequestResponse({ description: '{message}: before is not a whole number' })
  async treeHeads(@Query('before') before?: string): Promise<{ sizes: number[] }> {
    return { sizes: await this.log.headSizes(before) };
  }

  /** The log's Ed25519 key and origin. */
  @Get('public-key')
  @ApiOkResponse({ type: LogPublicKeyDto })
  publicKey(): PublicKeyView {
    return this.heads.publicKey();
  }

  /** Leaves [start, end), at most 1,000 per answer. */
  @Get('leaves')
  @ApiQuery({ name: 'start', required: true, description: 'First leaf index' })
  @ApiQuery({
    name: 'end',
    required: true,
    description: 'End leaf index (exclusive); cut to start + 1000 and to the log size',
  })
  @ApiOkResponse({ type: LogLeavesDto })
  @ApiBadRequestResponse({
    description:
      '{message}: missing or not whole numbers, end not above start, start not below the log size',
  })
  leaves(@Query('start') start?: string, @Query('end') end?: string) {
    return this.log.leaves(start, end);
  }

  /** Inclusion proof of `?index=` or `?slip=` in the tree of `?size=` leaves (default: the first signed tree head containing it). */
  @Get('proof/inclusion')
  @ApiQuery({ name: 'index', required: false, description: 'Leaf index (give index or slip)' })
  @ApiQuery({ name: 'slip', required: false, description: 'Slip id (give index or slip)' })
  @ApiQuery({
    name: 'size',
    required: false,
    description:
      'Tree size; default the first signed tree head that contains the leaf (the earliest time-stamped)',
  })
  @ApiOkResponse({ type: InclusionProofDto })
  @ApiBadRequestResponse({
    description:
      '{message}: bad or missing parameters, index not below size or the log size, size above the log size',
  })
  @ApiNotFoundResponse({
    description: '{message}: slip not in the log, or not yet under a signed tree head',
  })
  inclusion(
    @Query('index') index?: string,
    @Query('slip') slip?: string,
    @Query('size') size?: string,
  ): Promise<InclusionProofView> {
    return this.log.inclusion({ index, slip, size });
  }

  /** Consistency proof between the trees of `?first=` and `?second=` leaves. */
  @Get('proof/consistency')
  @ApiQuery({ name: 'first', required: true, description: 'The earlier tree size' })
  @ApiQuery({
    name: 'second',
    required: true,
    description: 'The later tree size, at most the log size',
  })
  @ApiOkResponse({ type: ConsistencyProofDto })
  @ApiBadRequestResponse({
    description:
      '{message}: missing or not whole numbers, first above second, second above the log size',
  })
  consistency(@Query('first') first?: string, @Query('second') second?: string) {
    return this.log.consistency(first, second);
  }
}
