import { useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createQueryClient } from './api/query-client';
import { appTheme } from './theme';

/** A data router built from `routes` (browser router in main.tsx, memory router in tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Root component: query cache, theme and the router. */
export const App = ({ router }: { router: AppRouter }) => {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline enableColorScheme />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  );
};
