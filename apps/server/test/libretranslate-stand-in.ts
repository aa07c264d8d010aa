import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received (its JSON body). */
export interface TranslateCall {
  q: string;
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

/**
 * A stand-in for LibreTranslate on 127.0.0.1 (POST /translate, GET /languages), counting its calls.
 * It "translates" by tagging the text with the target language; a text holding FAIL answers 500, one
 * holding HANG never answers (the client's timeout must end it).
 */
export async function startLibreTranslate() {
  const calls: TranslateCall[] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/languages') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(['en', 'ar', 'fr', 'he', 'es'].map((code) => ({ code, name: code, targets: [] }))));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/translate') {
      res.statusCode = 404;
      res.end();
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as TranslateCall;
      calls.push(body);
      if (body.q.includes('HANG')) {
        hanging.add(req);
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (body.q.includes('FAIL')) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: 'boom' }));
        return;
      }
      const detected = body.source === 'auto' ? { detectedLanguage: { confidence: 90, language: 'fr' } } : {};
      res.end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}`, ...detected }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    async close() {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
