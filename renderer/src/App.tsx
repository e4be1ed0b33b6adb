/** The app's providers around the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from './queries/client.ts';
import { createAppRouter } from './router/router.tsx';
import { Toaster } from './ui/Toast.tsx';
import { TooltipProvider } from './ui/Tooltip.tsx';

/** Query client, tooltips, toasts and the router, created once. */
export function App() {
  const [queryClient] = useState(createQueryClient);
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
