import './styles/index.css';
import { installPlainMessages } from '@hr/contract/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppUpdate } from '@/components/app/AppUpdate';
import { ErrorBoundary } from '@/components/common/ErrorBoundary';
import { GlobalSpinner } from '@/components/common/GlobalSpinner';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { queryClient } from '@/lib/queryClient';
import { ThemeProvider } from '@/lib/theme';
import { router } from './routes';

// Validation messages read as plain sentences naming the field (the server uses the same map).
installPlainMessages();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
          <GlobalSpinner />
          <Toaster />
          <AppUpdate />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
