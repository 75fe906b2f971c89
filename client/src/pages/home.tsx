import { trpc } from '../api/trpc';

/** Placeholder home: proves the build, static serving and typed calls across the boundary. */
export function HomePage() {
  const ping = trpc.ping.useQuery();
  return (
    <main>
      <h1>Partner Portal</h1>
      <p role="status">
        {ping.isPending ? 'Connecting…' : ping.isError ? 'Failed to connect to backend' : ping.data.message}
      </p>
    </main>
  );
}
