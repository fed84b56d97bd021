import { Server } from 'socket.io';
import { answerMeasure, healthServer } from './measure-ipc.ts';

// B3's second baseline: a bare Socket.IO server (same options as SaySpell's: websocket clients,
// 64 KiB buffer, no client served) with no middleware, no handlers and no rooms beyond the
// socket's own, measured the same way as probe-server.ts: what socket.io + engine.io cost alone

const server = healthServer();
const io = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
server.listen(Number(process.env.PORT), '127.0.0.1');

answerMeasure(() => io.engine.clientsCount);
process.on('SIGTERM', () => process.exit(0));
