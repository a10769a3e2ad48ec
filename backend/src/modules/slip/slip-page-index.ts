import { Inject, Injectable } from '@nestjs/common';
import { BoundedMap } from '../../common/cache/bounded-map';
import { registerCacheStats } from '../../common/cache/cache-stats';
import { CLOCK, type Clock, freshAt } from '../../common/clock/clock';
import { SlipListCache } from './slip-list-cache';
import {
  ActiveFilter,
  ListKey,
  PageRow,
  PageStart,
  SlipListKind,
  SlipRepository,
} from './slip.repository';

/**
 * Longest an index serves without a generation change (ms). Publish and settlement bump the
 * generation in every process (SlipListCache, over Redis pub/sub), so this only bounds how long a
 * process could show a list it missed an invalidation of.
 */
export const PAGE_INDEX_MAX_AGE_MS = 30_000;
/** Most indexes kept (one per list, filter and page size); the oldest built are dropped first. */
export const PAGE_INDEX_MAX_ENTRIES = 2_000;
/** Page ends found at least per search (a reader paging forward then needs no search per page). */
export const PAGE_ENDS_PER_SEARCH = 50;

/** One page of a list: its rows (empty past the end), the list's size and its page count (at least 1). */
export interface SlipPage {
  rows: PageRow[];
  total: number;
  numPages: number;
}

interface IndexEntry {
  generation: number;
  /** Epoch ms (application clock) when built. */
  builtAt: number;
  total: Promise<number>;
  /** Last key of pages 1, 2, … found so far at this generation (a prefix of the list's page ends). */
  ends: ListKey[];
  /** The page-end search under way, if any (one at a time per entry). */
  extending: Promise<void> | null;
  /** True once a search found the list's last full page (no more ends to find). */
  complete: boolean;
  /** Rows of the pages read so far at this generation. */
  pages: Map<number, Promise<PageRow[]>>;
}

/**
 * Paging of the slip lists without `count(*)` or OFFSET per request (docs/PRODUCT-RULES.md R142
 * `?p=N` and its `num_pages` / `count`): per list, filter and page size, the list's size (one
 * count) and the last key of each page are kept for the list cache's generation. Page ends are
 * found on demand, from the last one known up to the page asked for, in one scan of just those rows
 * (SlipRepository.pageEnds); a page is then a keyset seek right after the previous page's last key,
 * its rows kept too. So page 900 costs what page 1 costs once any page at or beyond it was read in
 * the generation (the first read of a deep page costs one OFFSET-like scan up to it, as every
 * request did before), and the rows are the same as OFFSET paging (ties in the sort key by id).
 *
 * Correct with several api processes: publish and settlement (in any process) bump the list
 * cache's generation in every process (SlipListCache), and an index built at an older generation
 * is never used again; a load that started before a bump is kept under the old generation only.
 * Without Redis, or after a missed invalidation, an index lives PAGE_INDEX_MAX_AGE_MS.
 */
@Injectable()
export class SlipPageIndex {
  private readonly entries = new BoundedMap<string, IndexEntry>(PAGE_INDEX_MAX_ENTRIES);
  /** Counts run, index reuses, page-end scans, page seeks run and page rows reused. */
  private readonly counts = { counts: 0, reuses: 0, scans: 0, seeks: 0, pageHits: 0 };

  constructor(
    private readonly repo: SlipRepository,
    private readonly lists: SlipListCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    registerCacheStats(SlipPageIndex.name, () => ({ ...this.counts, entries: this.entries.size }));
  }

  /**
   * Page `page` (1-based) of list `kind` under `filter`, `size` slips a page, with the list's size
   * and page count. Rows are empty for a page past the end (the caller answers 'Invalid page').
   * Rejects with the database's error (nothing kept).
   */
  async page(
    kind: SlipListKind,
    filter: ActiveFilter,
    size: number,
    page: number,
  ): Promise<SlipPage> {
    const entry = this.entry(kind, filter, size);
    const total = await entry.total;
    const numPages = Math.max(1, Math.ceil(total / size));
    if (page > numPages) return { rows: [], total, numPages };
    let rows = entry.pages.get(page);
    if (rows) this.counts.pageHits += 1;
    else {
      this.counts.seeks += 1;
      const pending = this.start(kind, filter, size, entry, page).then((after) =>
        this.repo.page(kind, filter, after, size),
      );
      rows = pending;
      entry.pages.set(page, pending);
      pending.catch(() => {
        if (entry.pages.get(page) === pending) entry.pages.delete(page);
      });
    }
    return { rows: await rows, total, numPages };
  }

  /**
   * Where page `page` starts: right after the last key of page `page - 1` (null for page 1),
   * finding the page ends up to it first. Should the list be shorter than its count (it changed
   * and the invalidation has not arrived yet), the start is the row number alone (OFFSET), which
   * reads what OFFSET paging would.
   */
  private async start(
    kind: SlipListKind,
    filter: ActiveFilter,
    size: number,
    entry: IndexEntry,
    page: number,
  ): Promise<PageStart | null> {
    if (page === 1) return null;
    while (entry.ends.length < page - 1 && !entry.complete) {
      const wanted = Math.max(page - 1 - entry.ends.length, PAGE_ENDS_PER_SEARCH);
      const search =
        entry.extending ?? (entry.extending = this.extend(kind, filter, size, entry, wanted));
      await search;
    }
    return {
      key: entry.ends.length >= page - 1 ? entry.ends[page - 2] : null,
      offset: (page - 1) * size,
    };
  }

  /** Finds the ends of the next `wanted` pages after the last one known (one scan of their rows), then forgets the search. */
  private extend(
    kind: SlipListKind,
    filter: ActiveFilter,
    size: number,
    entry: IndexEntry,
    wanted: number,
  ): Promise<void> {
    const known = entry.ends.length;
    const from = known ? { key: entry.ends[known - 1], offset: known * size } : null;
    this.counts.scans += 1;
    return this.repo
      .pageEnds(kind, filter, size, from, wanted)
      .then((more) => {
        entry.ends.push(...more);
        if (more.length < wanted) entry.complete = true;
      })
      .finally(() => {
        entry.extending = null;
      });
  }

  private entry(kind: SlipListKind, filter: ActiveFilter, size: number): IndexEntry {
    const key = JSON.stringify([
      kind,
      size,
      filter.userId ?? null,
      filter.homeTeam ?? null,
      filter.awayTeam ?? null,
      filter.top === true,
    ]);
    const generation = this.lists.generation;
    const now = this.clock.now().getTime();
    const cached = this.entries.get(key);
    if (
      cached &&
      cached.generation === generation &&
      freshAt(now, cached.builtAt + PAGE_INDEX_MAX_AGE_MS, PAGE_INDEX_MAX_AGE_MS)
    ) {
      this.counts.reuses += 1;
      return cached;
    }
    this.counts.counts += 1;
    const entry: IndexEntry = {
      generation,
      builtAt: now,
      total: this.repo.count(kind, filter),
      ends: [],
      extending: null,
      complete: false,
      pages: new Map(),
    };
    entry.total.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    return entry;
  }
}
