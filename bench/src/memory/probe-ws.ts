import { WebSocketServer } from 'ws';
import { answerMeasure, healthServer } from './measure-ipc.ts';

// B3's baseline: a bare ws server holding idle connections (no auth, no rooms), with the same
// IPC "measure" answer as probe-server.ts

const server = healthServer();
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => ws.on('message', () => {}));
server.listen(Number(process.env.PORT), '127.0.0.1');

answerMeasure(() => wss.clients.size);
process.on('SIGTERM', () => process.exit(0));
