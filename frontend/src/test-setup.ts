import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

const clearCookies = (): void => {
  if (typeof document === 'undefined') return; // a test file in the node environment
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};

// Route pages and dialogs are lazily imported chunks, and the back office is a large one: under a
// full parallel run on a busy machine their first import and render can take seconds. findBy* and
// waitFor poll until the condition holds, so a generous bound costs nothing when things are fast.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  clearCookies();
});
