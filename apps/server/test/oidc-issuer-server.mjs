// A local OpenID Connect issuer for tests (oidc-provider 9), run as its own process: node
// oidc-issuer-server.mjs. Reads its settings as JSON from the OIDC_ISSUER environment variable
// ({ port?, clientId, clientSecret, redirectUris }), listens on 127.0.0.1 and prints
// `listening <issuer>` once ready. Accounts (claims by subject) are set by the test through
// PUT /test/accounts/<sub>; the dev interactions' login form takes the subject as its "login".
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.OIDC_ISSUER ?? '{}');
const accounts = new Map();
let handler;
const server = createServer((req, res) => {
  const match = /^\/test\/accounts\/([^/?]+)$/.exec(req.url ?? '');
  if (req.method === 'PUT' && match) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      accounts.set(decodeURIComponent(match[1]), JSON.parse(body || '{}'));
      res.writeHead(204).end();
    });
    return;
  }
  handler(req, res);
});
server.listen(settings.port ?? 0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: settings.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['local-issuer-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
  });
  handler = provider.callback();
  process.stdout.write(`listening ${issuer}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
