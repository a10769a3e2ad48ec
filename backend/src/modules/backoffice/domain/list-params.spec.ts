import { BackofficeError } from '../backoffice.errors';
import {
  contentRange,
  likePattern,
  listSpecProblems,
  ListSpec,
  parseListParams,
  readValue,
} from './list-params';

const spec: ListSpec = {
  resource: 'posts',
  idField: 'id',
  defaultSort: ['date_created', 'DESC'],
  search: ['title', 'overview'],
  fields: {
    id: { column: 'p.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
    title: { column: 'p.title', type: 'text', sortable: true, filter: ['ilike'] },
    overview: { column: 'p.overview', type: 'text' },
    slug: { column: 'p.slug', type: 'text', filter: ['eq', 'in'] },
    published: { column: 'p.published', type: 'bool', sortable: true, filter: ['eq'] },
    thumbnail: { column: 'p.thumbnail', type: 'text', filter: ['eq'] },
    date_created: {
      column: 'p.date_created',
      type: 'date',
      sortable: true,
      filter: ['eq', 'gte', 'lte'],
    },
    price: { column: 's.price', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
    audit_id: { column: 'a.id', type: 'bigint', filter: ['eq'] },
  },
};

const parse = (query: Record<string, unknown>) => parseListParams(query, spec);
const json = (v: unknown) => JSON.stringify(v);

/** The message of the 400 a query gives (fails the test when it parses). */
const rejection = (query: Record<string, unknown>): string => {
  try {
    parse(query);
  } catch (e) {
    expect(e).toBeInstanceOf(BackofficeError);
    expect((e as BackofficeError).status).toBe(400);
    return (e as Error).message;
  }
  throw new Error(`expected ${json(query)} to be rejected`);
};

describe('parseListParams', () => {
  describe('sort', () => {
    it('uses the default sort, then the id, when none is sent', () => {
      expect(parse({}).sort).toEqual([
        { field: 'date_created', column: 'p.date_created', order: 'DESC' },
        { field: 'id', column: 'p.id', order: 'DESC' },
      ]);
    });

    it('reads ["field","ASC"], any case, with the id as tiebreaker', () => {
      expect(parse({ sort: json(['title', 'asc']) }).sort).toEqual([
        { field: 'title', column: 'p.title', order: 'ASC' },
        { field: 'id', column: 'p.id', order: 'ASC' },
      ]);
      expect(parse({ sort: json(['id', 'DESC']) }).sort).toEqual([
        { field: 'id', column: 'p.id', order: 'DESC' },
      ]);
    });

    it.each([
      [{ sort: json(['password_hash', 'ASC']) }, "Cannot sort posts by 'password_hash'"],
      [{ sort: json(['overview', 'ASC']) }, "Cannot sort posts by 'overview'"],
      [{ sort: json(['constructor', 'ASC']) }, "Cannot sort posts by 'constructor'"],
      [{ sort: json(['title', 'UP']) }, "Sort order must be ASC or DESC, not 'UP'"],
      [{ sort: json(['title']) }, `'sort' must be ["field","ASC"] or ["field","DESC"]`],
      [{ sort: json({ field: 'title' }) }, `'sort' must be ["field","ASC"] or ["field","DESC"]`],
      [{ sort: '["title","ASC"' }, "'sort' is not valid JSON"],
      [
        { sort: [json(['title', 'ASC']), json(['id', 'ASC'])] },
        "'sort' must be given once, as JSON",
      ],
    ])('rejects %j', (query, message) => {
      expect(rejection(query)).toBe(message);
    });
  });

  describe('range', () => {
    it('reads an inclusive [start, end]', () => {
      expect(parse({ range: json([0, 24]) }).range).toEqual({ start: 0, end: 24 });
      expect(parse({ range: json([50, 50]) }).range).toEqual({ start: 50, end: 50 });
    });

    it('defaults to the widest page when none is sent (getMany)', () => {
      expect(parse({}).range).toEqual({ start: 0, end: 499 });
    });

    it.each([
      [[5, 4], "'range' must have 0 <= start <= end"],
      [[-1, 4], "'range' must have 0 <= start <= end"],
      [[0, 500], "'range' may span at most 500 rows"],
      [[0, 1.5], "'range' must be [start, end], two whole numbers"],
      [['0', '24'], "'range' must be [start, end], two whole numbers"],
      [[0], "'range' must be [start, end], two whole numbers"],
      [[20_000_000, 20_000_010], "'range' may start at most at 10000000"],
    ])('rejects %j', (range, message) => {
      expect(rejection({ range: json(range) })).toBe(message);
    });

    it('rejects malformed JSON', () => {
      expect(rejection({ range: '[0,24' })).toBe("'range' is not valid JSON");
    });
  });

  describe('filter', () => {
    it('reads eq, null, ilike, in and bool values', () => {
      expect(
        parse({
          filter: json({
            published: 'true',
            slug: 'a-b',
            thumbnail: null,
            title: '50%_off',
            id: [1, '2'],
          }),
        }).filters,
      ).toEqual([
        { kind: 'compare', field: 'published', column: 'p.published', op: '=', value: true },
        { kind: 'compare', field: 'slug', column: 'p.slug', op: '=', value: 'a-b' },
        { kind: 'null', field: 'thumbnail', column: 'p.thumbnail' },
        { kind: 'ilike', field: 'title', column: 'p.title', pattern: '%50\\%\\_off%' },
        { kind: 'in', field: 'id', column: 'p.id', values: [1, 2] },
      ]);
    });

    it('reads q as words, each to be found in one of the search columns', () => {
      expect(parse({ filter: json({ q: '  mega  jackpot ' }) }).filters).toEqual([
        { kind: 'search', columns: ['p.title', 'p.overview'], patterns: ['%mega%', '%jackpot%'] },
      ]);
      expect(parse({ filter: json({ q: '   ' }) }).filters).toEqual([]);
    });

    it('reads a Nairobi day range from _gte / _lte dates', () => {
      expect(
        parse({ filter: json({ date_created_gte: '2026-05-01', date_created_lte: '2026-05-31' }) })
          .filters,
      ).toEqual([
        {
          kind: 'compare',
          field: 'date_created',
          column: 'p.date_created',
          op: '>=',
          value: new Date('2026-04-30T21:00:00Z'),
        },
        {
          kind: 'compare',
          field: 'date_created',
          column: 'p.date_created',
          op: '<',
          value: new Date('2026-05-31T21:00:00Z'),
        },
      ]);
    });

    it('reads a full ISO instant as itself, and a day for eq as that whole day', () => {
      expect(
        parse({ filter: json({ date_created_lte: '2026-05-15T09:00:00+03:00' }) }).filters,
      ).toEqual([
        {
          kind: 'compare',
          field: 'date_created',
          column: 'p.date_created',
          op: '<=',
          value: new Date('2026-05-15T06:00:00Z'),
        },
      ]);
      expect(parse({ filter: json({ date_created: '2026-05-15' }) }).filters).toEqual([
        {
          kind: 'compare',
          field: 'date_created',
          column: 'p.date_created',
          op: '>=',
          value: new Date('2026-05-14T21:00:00Z'),
        },
        {
          kind: 'compare',
          field: 'date_created',
          column: 'p.date_created',
          op: '<',
          value: new Date('2026-05-15T21:00:00Z'),
        },
      ]);
    });

    it('reads numeric bounds as decimal text and an empty list as no rows', () => {
      expect(parse({ filter: json({ price_gte: 50, price_lte: '1000.00' }) }).filters).toEqual([
        { kind: 'compare', field: 'price', column: 's.price', op: '>=', value: '50' },
        { kind: 'compare', field: 'price', column: 's.price', op: '<=', value: '1000.00' },
      ]);
      expect(parse({ filter: json({ id: [] }) }).filters).toEqual([{ kind: 'none' }]);
    });

    it.each([
      [{ password_hash: 'x' }, "Cannot filter posts by 'password_hash'"],
      [{ overview: 'x' }, "Cannot filter posts by 'overview'"],
      [{ published_gte: true }, "Cannot filter posts by 'published_gte'"],
      [{ id_gte: 3 }, "Cannot filter posts by 'id_gte'"],
      [{ __proto__x: 1 }, "Cannot filter posts by '__proto__x'"],
      [{ id: 'abc' }, "Invalid value for filter 'id': expected a whole number"],
      [{ id: 3_000_000_000 }, "Invalid value for filter 'id': expected a whole number"],
      [{ id: [1, 'x'] }, "Invalid value for filter 'id': expected a whole number"],
      [{ published: 'yes' }, "Invalid value for filter 'published': expected true or false"],
      [
        { date_created_gte: '2026-02-30' },
        "Invalid value for filter 'date_created_gte': expected a date 'YYYY-MM-DD' or an ISO date-time with offset",
      ],
      [
        { date_created_gte: 'yesterday' },
        "Invalid value for filter 'date_created_gte': expected a date 'YYYY-MM-DD' or an ISO date-time with offset",
      ],
      [{ price_gte: '1e9' }, "Invalid value for filter 'price_gte': expected a number"],
      [{ published: [true] }, "Filter 'published' of posts does not take a list"],
      [{ price: 5 }, "Filter 'price' of posts needs 'price_gte' or 'price_lte'"],
      [
        { slug: { $ne: 1 } },
        "Invalid value for filter 'slug': expected text of at most 500 characters",
      ],
      [{ q: 5 }, "Invalid value for filter 'q': expected text of at most 500 characters"],
      [{ q: 'a\u0000b' }, "Invalid value for filter 'q': expected text of at most 500 characters"],
      [
        { slug: 'a\u0000b' },
        "Invalid value for filter 'slug': expected text of at most 500 characters",
      ],
      [
        { audit_id: '12345678901234567890' },
        "Invalid value for filter 'audit_id': expected a whole number",
      ],
      [
        { id: Array.from({ length: 1001 }, (_, i) => i) },
        "Filter 'id' may list at most 1000 values",
      ],
    ])('rejects %j', (filter, message) => {
      expect(rejection({ filter: json(filter) })).toBe(message);
    });

    it.each([['[1,2]'], ['null'], ['"q"'], ['{"q":']])('rejects filter=%s', (filter) => {
      expect(rejection({ filter })).toMatch(/^'filter' (must be a JSON object|is not valid JSON)$/);
    });

    it('rejects q on a resource without search fields', () => {
      expect(() => parseListParams({ filter: json({ q: 'x' }) }, { ...spec, search: [] })).toThrow(
        "Cannot filter posts by 'q'",
      );
    });
  });
});

describe('readValue', () => {
  it.each([
    [7, 'int', 7],
    [' 42 ', 'int', 42],
    ['12345678901234', 'bigint', '12345678901234'],
    [12, 'bigint', '12'],
    [1.5, 'numeric', '1.5'],
    [false, 'bool', false],
    [12, 'text', '12'],
    ['2026-05-15', 'date', '2026-05-15'],
  ] as const)('%j as %s → %j', (value, type, out) => {
    expect(readValue(value, type, 'x')).toEqual(out);
  });
});

describe('likePattern', () => {
  it('escapes wildcards and backslashes', () => {
    expect(likePattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });
});

describe('contentRange', () => {
  it.each([
    ['posts', 0, 25, 319, 'posts 0-24/319'],
    ['posts', 300, 19, 319, 'posts 300-318/319'],
    ['posts', 0, 0, 0, 'posts */0'],
    ['posts', 400, 0, 319, 'posts */319'],
  ])('%s from %i, %i rows of %i → %s', (resource, start, rows, total, header) => {
    expect(contentRange(resource, start, rows, total)).toBe(header);
  });
});

describe('listSpecProblems', () => {
  it('accepts a consistent spec', () => {
    expect(listSpecProblems(spec)).toEqual([]);
  });

  it('names every inconsistency', () => {
    expect(
      listSpecProblems({
        resource: 'x',
        idField: 'uid',
        defaultSort: ['nope', 'ASC'],
        search: ['n'],
        fields: {
          n: { column: 'x.n', type: 'int', filter: ['ilike'] },
          t: { column: 'x.t', type: 'text', filter: ['gte'] },
          t_gte: { column: 'x.t', type: 'int', filter: ['eq'] },
        },
      }),
    ).toEqual([
      "id field 'uid' is not among the fields",
      "default sort 'nope' is not a sortable field",
      "search field 'n' must be a text field",
      "field 'n': ilike needs a text field",
      "field 't': gte/lte need a number or date field",
      "filterable field 't_gte' must not end in _gte/_lte",
    ]);
  });
});
