import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Where a listening app can be reached. */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

export interface RawAnswer {
  /** The status line and header lines as sent, without the blank line. */
  head: string[];
  status: number;
  /** Every header line's value by lower-case name, repeated names kept in order. */
  headers: Map<string, string[]>;
  /** The bytes after the head, as sent (chunk framing included). */
  body: Buffer;
}

export function parseAnswer(raw: Buffer): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const headText = raw.subarray(0, end === -1 ? raw.length : end).toString('latin1');
  const head = headText.split('\r\n');
  const headers = new Map<string, string[]>();
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { head, status: Number(head[0]?.split(' ')[1]), headers, body: end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4) };
}

/** Opens a TCP connection to the app (from `localAddress`, another loopback address, if given). */
export function openSocket(port: number, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ...(localAddress ? { localAddress } : {}) });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on this socket until it closes it. */
export function readUntilClosed(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    // A reset (ECONNRESET) also ends the conversation: what arrived before it is the answer.
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(Buffer.concat(chunks)));
  });
}

/** Sends `request` (the whole HTTP message, `Connection: close` in it) and answers what came back. */
export async function rawRequest(port: number, request: string): Promise<RawAnswer> {
  const socket = await openSocket(port);
  const answer = readUntilClosed(socket);
  socket.write(request);
  return parseAnswer(await answer);
}
