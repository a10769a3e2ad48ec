import { cleanup, render, waitFor } from '@testing-library/react';
import {
  Children,
  Fragment,
  createElement,
  isValidElement,
  type ComponentType,
  type ReactNode,
} from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { RESOURCE_ACCESS } from './access';
import allowlists from './allowlist.json';
import { BackofficeApp } from './BackofficeApp';
import { BACKOFFICE_RESOURCES } from './resources';

/**
 * The screens' JSX against the allowlists the API serves (GET /api/backoffice/resources;
 * allowlist.json is its copy, which backend/test/integration/backoffice/resource-allowlist.int-spec.ts
 * checks equals what the API serves). Each screen is rendered in the real app; react-admin's
 * List, Datagrid, SimpleShowLayout and SimpleForm record the props they were written with (sort,
 * filters, JSX columns, inputs). Nothing reads TypeScript source.
 */

type ScreenKind = 'list' | 'show' | 'edit' | 'create';
interface Written {
  screen: ScreenKind;
  component: string;
  resource: string | undefined;
  props: Record<string, unknown>;
}

const recorded = vi.hoisted(() => ({
  screen: 'list' as string,
  calls: [] as unknown[],
  names: new Map<unknown, string>(),
}));

vi.mock('react-admin', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-admin')>();
  for (const [name, value] of Object.entries(actual)) recorded.names.set(value, name);
  const spy = (name: 'List' | 'Datagrid' | 'SimpleShowLayout' | 'SimpleForm') => {
    const Real = actual[name] as ComponentType<Record<string, unknown>>;
    const Spy = (props: Record<string, unknown>) => {
      const resource = actual.useResourceContext();
      recorded.calls.push({ screen: recorded.screen, component: name, resource, props });
      return createElement(Real, props);
    };
    return Spy;
  };
  return {
    ...actual,
    List: spy('List'),
    Datagrid: spy('Datagrid'),
    SimpleShowLayout: spy('SimpleShowLayout'),
    SimpleForm: spy('SimpleForm'),
  };
});

interface AllowedField {
  type: string;
  sortable: boolean;
  filter: string[];
}
interface Allowlist {
  name: string;
  roles: string[];
  idField: string;
  fields: Record<string, AllowedField>;
  search: string[];
  defaultSort: { field: string; order: string };
  create: string[] | null;
  update: string[] | null;
  delete: boolean;
}
const ALLOWLISTS = allowlists as unknown as Allowlist[];

/** One element written in JSX: its component's name and props. */
interface JsxElement {
  component: string;
  props: Record<string, unknown>;
}

const componentName = (type: unknown): string =>
  recorded.names.get(type) ??
  (type as { displayName?: string; name?: string }).displayName ??
  (type as { name?: string }).name ??
  String(type);

/** The elements of `children` (fragments and arrays flattened, not their own children). */
const elementsOf = (children: unknown): JsxElement[] =>
  Children.toArray(children as ReactNode).flatMap((child): JsxElement[] => {
    if (!isValidElement<Record<string, unknown>>(child)) return [];
    if (child.type === Fragment) return elementsOf(child.props.children);
    return [{ component: componentName(child.type), props: child.props }];
  });

const withSource = (elements: JsxElement[]) =>
  elements.filter((e) => typeof e.props.source === 'string');

const VALUE_BY_TYPE: Record<string, unknown> = {
  int: 2,
  bigint: '2',
  numeric: '150.00',
  text: 'text',
  bool: true,
  date: '2026-11-23T09:05:00Z',
};

/** A record with every allowlisted field set by its type (shown-only fields stay empty). */
const sampleRecord = (allowlist: Allowlist): Record<string, unknown> => ({
  ...Object.fromEntries(
    Object.entries(allowlist.fields).map(([name, f]) => [name, VALUE_BY_TYPE[f.type]]),
  ),
  id: 1,
  tips: [],
});

const providerWith = (record: Record<string, unknown>) =>
  ({
    getList: vi.fn(async () => ({ data: [record], total: 1 })),
    getOne: vi.fn(async () => ({ data: record })),
    getMany: vi.fn(async () => ({ data: [record] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  }) as unknown as DataProvider;

const LAYOUT: Record<ScreenKind, string> = {
  list: 'Datagrid',
  show: 'SimpleShowLayout',
  edit: 'SimpleForm',
  create: 'SimpleForm',
};

/** Renders one screen of `name` as an admin and returns what its JSX was written with. */
const renderScreen = async (
  name: string,
  screen: ScreenKind,
  record: Record<string, unknown>,
): Promise<Written[]> => {
  recorded.screen = screen;
  recorded.calls = [];
  setCookie(
    'token',
    fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  const path = {
    list: `/dashboard/${name}`,
    show: `/dashboard/${name}/1/show`,
    edit: `/dashboard/${name}/1`,
    create: `/dashboard/${name}/create`,
  }[screen];
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard/*"
          element={<BackofficeApp dataProvider={providerWith(record)} />}
        />
      </Routes>
    </MemoryRouter>,
  );
  const mine = () =>
    (recorded.calls as Written[]).filter((c) => c.resource === name && c.screen === screen);
  await waitFor(() => expect(mine().some((c) => c.component === LAYOUT[screen])).toBe(true), {
    timeout: 20_000,
  });
  const calls = mine();
  cleanup();
  return calls;
};

/** Filter keys a list may send for a field (backend README: `f` eq or ilike, `f: [..]` in, `f_gte`, `f_lte`, `q`). */
const filterProblems = (allowlist: Allowlist, filters: JsxElement[]): string[] => {
  const problems: string[] = [];
  for (const { component, props } of filters) {
    const source = String(props.source);
    if (source === 'q') {
      if (!allowlist.search.length) problems.push(`filter 'q': the server searches no field`);
      continue;
    }
    const bound = /^(.*)_(gte|lte)$/.exec(source);
    const field = bound && !allowlist.fields[source] ? bound[1] : source;
    const ops =
      bound && !allowlist.fields[source]
        ? [bound[2]]
        : component === 'SelectArrayInput'
          ? ['in']
          : ['eq', 'ilike'];
    const allowed = allowlist.fields[field]?.filter ?? [];
    if (!ops.some((op) => allowed.includes(op)))
      problems.push(
        `filter '${source}' (${component}): the server allows ${field} [${allowed.join(', ')}]`,
      );
  }
  if (allowlist.search.length && !filters.some((f) => f.props.source === 'q'))
    problems.push(`no 'q' search although the server searches ${allowlist.search.join(', ')}`);
  return problems;
};

afterEach(() => {
  recorded.calls = [];
});

describe('the back office is the API allowlist (allowlist.json)', () => {
  it('has screens and access for exactly the resources the API serves, with its roles and verbs', () => {
    expect(BACKOFFICE_RESOURCES.map((r) => r.access.name).sort()).toEqual(
      ALLOWLISTS.map((a) => a.name).sort(),
    );
    for (const access of RESOURCE_ACCESS) {
      const served = ALLOWLISTS.find((a) => a.name === access.name)!;
      expect({
        name: access.name,
        roles: [...access.roles].sort(),
        create: !!access.create,
        update: !!access.update,
        delete: !!access.delete,
      }).toEqual({
        name: served.name,
        roles: [...served.roles].sort(),
        create: served.create !== null,
        update: served.update !== null,
        delete: served.delete,
      });
    }
  });

  for (const { access, screens } of BACKOFFICE_RESOURCES) {
    const allowlist = ALLOWLISTS.find((a) => a.name === access.name);
    it(`${access.name}: default sort, filters, sortable columns, shown fields and form inputs as the API allows`, async () => {
      expect(allowlist, `the API serves no '${access.name}'`).toBeDefined();
      if (!allowlist) return;
      const record = sampleRecord(allowlist);
      const problems: string[] = [];

      const list = await renderScreen(access.name, 'list', record);
      const listProps = list.find((c) => c.component === 'List')!.props;
      expect(listProps.sort, 'default sort').toEqual(allowlist.defaultSort);
      problems.push(...filterProblems(allowlist, withSource(elementsOf(listProps.filters))));
      const columns = withSource(
        elementsOf(list.find((c) => c.component === 'Datagrid')!.props.children),
      );
      for (const { component, props } of columns) {
        const source = String(props.source);
        const sortable = props.sortable !== false;
        const served = allowlist.fields[source]?.sortable === true;
        if (sortable && !served)
          problems.push(
            `column '${source}' (${component}) is sortable; the server refuses to sort by it: write sortable={false}`,
          );
        if (!sortable && served)
          problems.push(
            `column '${source}' (${component}) is not sortable; the server sorts by it`,
          );
      }

      const show = await renderScreen(access.name, 'show', record);
      const shown = withSource(
        elementsOf(show.find((c) => c.component === 'SimpleShowLayout')!.props.children),
      );
      const sources = new Set([...columns, ...shown].map((e) => String(e.props.source)));
      for (const field of Object.keys(allowlist.fields)) {
        if (!sources.has(field))
          problems.push(`allowlisted field '${field}' is in no list column nor on the Show page`);
      }

      for (const screen of ['edit', 'create'] as const) {
        if (!screens[screen]) continue;
        const accepted = screen === 'edit' ? allowlist.update : allowlist.create;
        if (!accepted) {
          problems.push(`a ${screen} screen, but the server answers 405`);
          continue;
        }
        const form = await renderScreen(access.name, screen, record);
        const inputs = withSource(
          elementsOf(form.find((c) => c.component === 'SimpleForm')!.props.children),
        ).filter((e) => e.component.endsWith('Input'));
        if (!inputs.length) problems.push(`${screen} form without inputs`);
        for (const { component, props } of inputs) {
          if (!accepted.includes(String(props.source)))
            problems.push(
              `${screen} input '${String(props.source)}' (${component}): the server accepts ${accepted.join(', ')}`,
            );
        }
      }
      expect(problems).toEqual([]);
    }, 90_000);
  }
});
