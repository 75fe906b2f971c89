import postgres from 'postgres';

interface Listener {
  onNotify(payload: string): void;
  onListen(): void;
  onLost(): void;
}

/**
 * LISTEN on PostgreSQL over one connection of its own, telling each listener when listening
 * starts, when the connection is lost (notifications may be missed from then on, so what was kept
 * on their strength must not be trusted) and when it starts again. The driver's own `listen`
 * listens again by itself after a reconnect but says nothing of the gap.
 */
export function createPostgresListener(url: string, options: { connect_timeout: number; backoff: (retries: number) => number }) {
  const channels = new Map<string, Set<Listener>>();
  let closed = false;
  let relistening: Promise<void> | null = null;
  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  // `onnotify` is the connection option the driver's own `listen` is built on; its types leave it out.
  const onnotify = (channel: string, payload: string) => channels.get(channel)?.forEach((l) => l.onNotify(payload));
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => undefined,
    ...options,
    ...({ onnotify } as object),
    onclose: () => {
      if (closed) return;
      for (const set of channels.values()) for (const l of set) l.onLost();
      void relisten();
    },
  });

  /** LISTEN again on every channel, trying until it works or the listener is closed. */
  function relisten(): Promise<void> {
    return (relistening ??= (async () => {
      for (let attempt = 0; !closed; attempt++) {
        try {
          for (const channel of channels.keys()) await sql.unsafe(`listen ${quoted(channel)}`);
          for (const set of channels.values()) for (const l of set) l.onListen();
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, options.backoff(attempt) * 1000).unref());
        }
      }
    })().finally(() => {
      relistening = null;
    }));
  }

  return {
    async listen(channel: string, onNotify: (payload: string) => void, onListen: () => void, onLost: () => void = () => undefined) {
      const listener: Listener = { onNotify, onListen, onLost };
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        set.add(listener);
        await sql.unsafe(`listen ${quoted(channel)}`);
      } else set.add(listener);
      onListen();
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        channels.delete(channel);
        if (!closed) await sql.unsafe(`unlisten ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
}
