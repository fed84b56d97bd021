import fs from 'node:fs';
import http from 'node:http';

// the B5 baseline: a bare node:http handler that answers GET /v1/game/{id} with the same JSON the
// server returned for that game (read from BODY_FILE), after the cheapest possible check that an
// Authorization header is present. no framework, no token verification, no database.

const body = fs.readFileSync(process.env.BODY_FILE ?? '', 'utf8');

http
  .createServer((req, res) => {
    if (req.url === '/health') {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"ok"}');
      return;
    }
    if (req.method !== 'GET' || !req.url?.startsWith('/v1/game/') || !req.headers.authorization) {
      res.statusCode = 401;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
