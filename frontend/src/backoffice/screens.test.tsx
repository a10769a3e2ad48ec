import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { BackofficeApp } from './BackofficeApp';
import allowlists from './allowlist.json';
import { BACKOFFICE_RESOURCES } from './resources';

const VALUE_BY_TYPE: Record<string, unknown> = {
  int: 2,
  bigint: '2',
  numeric: '150.00',
  text: 'text',
  bool: true,
  date: '2026-11-23T09:05:00Z',
};

/** One record with every field of the resource's served allowlist set to a plausible value of its type. */
const sampleRecord = (name: string) => {
  const allowlist = (
    allowlists as unknown as { name: string; fields: Record<string, { type: string }> }[]
  ).find((a) => a.name === name);
  const record: Record<string, unknown> = { id: 1, tips: [], before: { a: 1 }, after: { a: 2 } };
  for (const [field, { type }] of Object.entries(allowlist?.fields ?? {}))
    if (field !== 'id') record[field] = VALUE_BY_TYPE[type];
  return record;
};

const dataProviderWith = (record: Record<string, unknown>) =>
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

describe('every resource screen renders for an admin', () => {
  for (const { access: spec, screens } of BACKOFFICE_RESOURCES) {
    it(`${spec.name}: list, show${screens.edit ? ', edit' : ''}${screens.create ? ', create' : ''}`, async () => {
      setCookie(
        'token',
        fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
      );
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const record = sampleRecord(spec.name);
      const paths = [
        `/dashboard/${spec.name}`,
        `/dashboard/${spec.name}/1/show`,
        ...(screens.edit ? [`/dashboard/${spec.name}/1`] : []),
        ...(screens.create ? [`/dashboard/${spec.name}/create`] : []),
      ];
      for (const path of paths) {
        render(
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/dashboard/*"
                element={<BackofficeApp dataProvider={dataProviderWith(record)} />}
              />
            </Routes>
          </MemoryRouter>,
        );
        // The page title names the resource (list) or the record; the error page would say 'Something went wrong'.
        expect(await screen.findAllByText(new RegExp(spec.label, 'i'))).not.toHaveLength(0);
        // Settled: react-admin's loading indicators gone (the record loaded and rendered, or crashed).
        await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
        expect(screen.queryByText(/Something went wrong/i), path).toBeNull();
        cleanup();
      }
      const crashes = errors.mock.calls.filter((args) => String(args[0]).includes('Error'));
      expect(crashes, JSON.stringify(crashes.map((c) => String(c[0]).slice(0, 200)))).toEqual([]);
    }, 60_000);
  }
});
