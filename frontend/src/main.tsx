import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App';
import { preloadRoute, routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in ~5 ms slices instead of one long task,
// so a low-end phone's main thread stays responsive while the page builds (Lighthouse Total
// Blocking Time). index.html's static skeleton stays on screen until the commit, which waits for
// the page's own module when the route loads lazily (one more round trip on a slow network).
void preloadRoute(window.location.pathname).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
  }),
);
