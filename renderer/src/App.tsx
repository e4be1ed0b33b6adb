/** The app's providers around the router. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router/router.tsx';
import { Toaster } from './ui/Toast.tsx';
import { TooltipProvider } from './ui/Tooltip.tsx';

/**
 * Query client and router (made by the entry point, which starts the first reads with the one and loads the first
 * location with the other), tooltips, toasts.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
