import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { createTrpcClient, trpc } from './api/trpc';
import { HomePage } from './pages/home';

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route>
            <main>
              <h1>Page not found</h1>
              <a href="/">Go Home</a>
            </main>
          </Route>
        </Switch>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
