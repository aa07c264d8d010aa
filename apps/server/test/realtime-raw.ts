import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** The headers that make a request a websocket upgrade. */
export const UPGRADE_HEADERS =
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
  `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n`;

/** Sends raw bytes on a new TCP connection and resolves with everything the server answers before it closes. */
export function rawExchange(
  port: number,
  request: string | Buffer,
  { endAfterMs }: { endAfterMs?: number } = {},
): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(request);
    if (endAfterMs !== undefined) setTimeout(() => socket.end(), endAfterMs);
  });
}

/** A raw websocket client: the handshake by hand, then any frame, valid or not. */
export async function rawWebSocket(port: number, path: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let buffered = Buffer.alloc(0);
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.on('data', (d: Buffer) => (buffered = Buffer.concat([buffered, d])));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${UPGRADE_HEADERS}\r\n`);
  const deadline = Date.now() + 5000;
  while (!buffered.toString('latin1').includes('\r\n\r\n')) {
    if (Date.now() > deadline) throw new Error('no handshake answer');
    await new Promise((r) => setTimeout(r, 10));
  }
  const head = buffered.toString('latin1').split('\r\n')[0]!;
  return {
    socket,
    head,
    closed,
    /** Everything received so far (the handshake answer, then the server's frames). */
    text: () => buffered.toString('utf8'),
    /** Writes one masked client frame; opcode 1 is text, 2 binary, 3-7 reserved. */
    frame(opcode: number, payload: Buffer | string) {
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const mask = randomBytes(4);
      const masked = Buffer.from(body.map((b, i) => b ^ mask[i % 4]!));
      let header: Buffer;
      if (body.length < 126) header = Buffer.from([0x80 | opcode, 0x80 | body.length]);
      else if (body.length < 65536) {
        header = Buffer.alloc(4);
        header.writeUInt8(0x80 | opcode, 0);
        header.writeUInt8(0x80 | 126, 1);
        header.writeUInt16BE(body.length, 2);
      } else {
        header = Buffer.alloc(10);
        header.writeUInt8(0x80 | opcode, 0);
        header.writeUInt8(0x80 | 127, 1);
        header.writeBigUInt64BE(BigInt(body.length), 2);
      }
      socket.write(Buffer.concat([header, mask, masked]));
    },
  };
}
