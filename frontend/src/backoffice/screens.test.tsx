import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { BackofficeApp } from './BackofficeApp';
import { BACKOFFICE_RESOURCES } from './resources';

/** One record with every spec field set to a plausible value of its kind. */
const sampleRecord = (fields: (typeof BACKOFFICE_RESOURCES)[number]['spec']['fields']) => {
  const record: Record<string, unknown> = { id: 1 };
  for (const field of fields) {
    if (field.source === 'id') continue;
    record[field.source] = {
      id: 1,
      number: 2,
      decimal: '3.45',
      day: '2026-11-23',
      text: 'text',
      longtext: 'long text',
      money: '150.00',
      date: '2026-11-23T09:05:00Z',
      bool: true,
      status: field.statuses ? Object.keys(field.statuses)[0] : 'pending',
      json: { a: 1 },
    }[field.kind];
  }
  if ('tips' in record) record.tips = [];
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
  for (const { spec, screens } of BACKOFFICE_RESOURCES) {
    it(`${spec.name}: list, show${screens.edit ? ', edit' : ''}${screens.create ? ', create' : ''}`, async () => {
      setCookie('token', fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }));
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const record = sampleRecord(spec.fields);
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
              <Route path="/dashboard/*" element={<BackofficeApp dataProvider={dataProviderWith(record)} />} />
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
