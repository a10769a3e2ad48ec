import { Injectable } from '@nestjs/common';
import { BoundedMap } from '../../common/cache/bounded-map';
import { registerCacheStats } from '../../common/cache/cache-stats';
import { SlipListCache } from './slip-list-cache';
import { ActiveFilter, ListBounds, PageRow, SlipListKind, SlipRepository } from './slip.repository';

/**
 * Longest an index serves without a generation change (ms). Publish and settlement bump the
 * generation in every process (SlipListCache, over Redis pub/sub), so this only bounds how long a
 * process could show a list it missed an invalidation of.
 */
export const PAGE_INDEX_MAX_AGE_MS = 30_000;
/** Most indexes kept (one per list, filter and page size); the oldest built are dropped first. */
export const PAGE_INDEX_MAX_ENTRIES = 2_000;

/** One page of a list: its rows (empty past the end), the list's size and its page count (at least 1). */
export interface SlipPage {
  rows: PageRow[];
  total: number;
  numPages: number;
}

interface IndexEntry {
  generation: number;
  builtAt: number;
  bounds: Promise<ListBounds>;
  /** Rows of the pages read so far at this generation. */
  pages: Map<number, Promise<PageRow[]>>;
}

/**
 * Paging of the slip lists without `count(*)` or OFFSET per request (spec §7 `?p=N` and its
 * `num_pages` / `count`): per list, filter and page size, one scan finds the list's size and the
 * last key of every page (SlipRepository.bounds), kept for the list cache's generation; a page is
 * then a keyset seek from the previous page's last key, also kept. Page 900 costs what page 1
 * costs, and the same rows as OFFSET paging (ties in the sort key are ordered by id).
 *
 * Correct with several api processes: publish and settlement (in any process) bump the list
 * cache's generation in every process (SlipListCache), and an index built at an older generation
 * is never used again; a load that started before a bump is kept under the old generation only.
 * Without Redis, or after a missed invalidation, an index lives PAGE_INDEX_MAX_AGE_MS.
 */
@Injectable()
export class SlipPageIndex {
  private readonly entries = new BoundedMap<string, IndexEntry>(PAGE_INDEX_MAX_ENTRIES);
  /** Index builds (one scan each), index reuses, page seeks run and page rows reused. */
  private readonly counts = { builds: 0, reuses: 0, seeks: 0, pageHits: 0 };

  constructor(
    private readonly repo: SlipRepository,
    private readonly lists: SlipListCache,
  ) {
    registerCacheStats(SlipPageIndex.name, () => ({ ...this.counts, entries: this.entries.size }));
  }

  /**
   * Page `page` (1-based) of list `kind` under `filter`, `size` slips a page, with the list's size
   * and page count. Rows are empty for a page past the end (the caller answers 'Invalid page').
   * Rejects with the database's error (nothing kept).
   */
  async page(kind: SlipListKind, filter: ActiveFilter, size: number, page: number): Promise<SlipPage> {
    const entry = this.entry(kind, filter, size);
    const { total, lastKeys } = await entry.bounds;
    const numPages = Math.max(1, Math.ceil(total / size));
    if (page > numPages) return { rows: [], total, numPages };
    let rows = entry.pages.get(page);
    if (rows) this.counts.pageHits += 1;
    else {
      this.counts.seeks += 1;
      // Page p starts right after the last row of page p - 1: row number (p - 1) * size.
      const after = page === 1 ? null : { key: lastKeys[page - 2], offset: (page - 1) * size };
      const pending = this.repo.page(kind, filter, after, size);
      rows = pending;
      entry.pages.set(page, pending);
      pending.catch(() => {
        if (entry.pages.get(page) === pending) entry.pages.delete(page);
      });
    }
    return { rows: await rows, total, numPages };
  }

  private entry(kind: SlipListKind, filter: ActiveFilter, size: number): IndexEntry {
    const key = JSON.stringify([kind, size, filter.userId ?? null, filter.homeTeam ?? null, filter.awayTeam ?? null, filter.top === true]);
    const generation = this.lists.generation;
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.generation === generation && now - cached.builtAt < PAGE_INDEX_MAX_AGE_MS) {
      this.counts.reuses += 1;
      return cached;
    }
    this.counts.builds += 1;
    const entry: IndexEntry = { generation, builtAt: now, bounds: this.repo.bounds(kind, filter, size), pages: new Map() };
    entry.bounds.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    return entry;
  }
}
