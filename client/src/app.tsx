import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpStatusOf } from './api/errors';
import { createTrpcClient, trpc, type TrpcClientOptions } from './api/trpc';
import { readSession, subscribeSession } from './api/session';
import { ToastProvider } from './components/toast';
import { Shell } from './shell';
import { useStepUpAsked } from './api/step-up';

// Loaded the first time a change asks for a second factor: public pages carry none of its code.
const StepUpDialog = lazy(() => import('./pages/security/step-up-dialog').then((m) => ({ default: m.StepUpDialog })));

/** The step-up dialog, mounted from the first time it is asked for on (so it can close itself). */
function StepUpWhenAsked() {
  const asked = useStepUpAsked();
  const [wanted, setWanted] = useState(false);
  if (asked && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  ) : null;
}

/** Once, and only when the server did not answer with a client error (a 401 or 403 stays so). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  return failureCount < 1 && (status === undefined || status >= 500);
}

export function App({ trpcOptions }: { trpcOptions?: TrpcClientOptions } = {}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // docs/product.md §8: failed loads are logged (the first 200 characters); pages decide what, if anything, to show.
        queryCache: new QueryCache({
          onError: (error, query) => console.error(`Loading ${JSON.stringify(query.queryKey[0])} failed:`, error.message.slice(0, 200)),
        }),
        defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
      }),
  );
  const [trpcClient] = useState(() => createTrpcClient(trpcOptions));

  // When a session ends, nothing the last user saw stays cached for the next one.
  useEffect(() => {
    let hadSession = readSession() !== null;
    return subscribeSession(() => {
      const hasSession = readSession() !== null;
      if (hadSession && !hasSession) queryClient.clear();
      hadSession = hasSession;
    });
  }, [queryClient]);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Shell />
          <StepUpWhenAsked />
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
