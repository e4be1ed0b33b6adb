/** The app's providers around the router. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from './router/router.tsx';
import { Toaster } from './ui/Toast.tsx';
import { TooltipProvider } from './ui/Tooltip.tsx';

/** Query client (made by the entry point, which starts the first reads with it), tooltips, toasts and the router. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
