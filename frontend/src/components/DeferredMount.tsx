import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts `children` in a second, time-sliced render right after the page's first commit, leaving
 * an empty block of `minHeight` until then. For content below the fold: the first paint of a page
 * then builds (and commits its styles for) only what is on screen, which halves the longest task
 * a low-end phone runs when the page opens (docs/PRODUCT-RULES.md "Public web app", Lighthouse Total Blocking Time).
 */
export const DeferredMount = ({
  children,
  minHeight = 0,
}: {
  children: ReactNode;
  minHeight?: number | string;
}) => {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted ? children : <div style={{ minHeight }} aria-hidden="true" />;
};
