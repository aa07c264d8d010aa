import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection driven by hand, to hold a request open (headers now, body later) or to
 * reuse a keep-alive connection exactly: `send` writes bytes, `response` reads the next answer
 * (interim 1xx answers such as 100 Continue included), `closed` resolves when the server closes it.
 */
export async function rawHttp(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  let ended = false;
  socket.on('data', (d: Buffer) => {
    buffer = Buffer.concat([buffer, d]);
    wake?.();
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      wake?.();
      resolve();
    }),
  );
  const more = () => new Promise<void>((resolve) => (wake = resolve));

  /** The next complete answer on the connection; rejects if the server closes it first. */
  async function response(): Promise<RawResponse> {
    for (;;) {
      const headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const [statusLine = '', ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const status = Number(statusLine.split(' ')[1]);
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= headEnd + 4 + length) {
          const body = buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          buffer = buffer.subarray(headEnd + 4 + length);
          return { status, headers, body };
        }
      }
      if (ended) throw new Error(`connection closed before a whole answer (got ${JSON.stringify(buffer.toString())})`);
      await more();
    }
  }

  return {
    send: (data: string) => socket.write(data),
    response,
    closed,
    isClosed: () => ended,
    destroy: () => socket.destroy(),
  };
}
