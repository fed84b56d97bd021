import { io } from 'socket.io-client';

// a player in its own process, so a test can freeze it with SIGSTOP: it connects, handshakes into
// a game and says "ready", then does nothing more (its socket answers pings until it is frozen)

const url = process.env.URL ?? '';
const token = process.env.TOKEN ?? '';
const gameId = process.env.GAME_ID ?? '';
const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
socket.on('connect', () => {
  socket.emit('initiate-handshake', { gameId }, (ack: { ok: boolean }) => {
    process.stdout.write(ack.ok ? 'ready\n' : `failed ${JSON.stringify(ack)}\n`);
  });
});
socket.on('connect_error', (err) => process.stdout.write(`failed ${err.message}\n`));
