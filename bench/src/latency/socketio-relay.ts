import { Server } from 'socket.io';
import { healthServer } from '../memory/measure-ipc.ts';
import { viewAfter } from './relay-view.ts';

// the second baseline: the bare relay's traffic over Socket.IO, with SaySpell's socket options
// (64 KiB buffer, a ping every 4 s, no client served). clients come in pairs (auth: { pair }); the
// speller's guess-word ({ gameId, index, guess }) is answered by its ack and goes to the speaker
// as update-game through the pair's room, the guessing socket left out, as SaySpell's broadcast
// does. no validation, no database, no game: what socket.io and engine.io cost a guess alone

const server = healthServer();
const io = new Server(server, {
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  pingInterval: 4_000,
  pingTimeout: 3_000,
});

io.on('connection', (socket) => {
  const room = `pair-${String((socket.handshake.auth as { pair?: unknown }).pair)}`;
  void socket.join(room);
  socket.on('guess-word', (payload: { gameId: string; index: number }, ack: (answer: unknown) => void) => {
    const view = viewAfter(payload.gameId, payload.index);
    socket.to(room).emit('update-game', view);
    ack({ ok: true, game: view });
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
