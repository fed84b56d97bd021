// the address a server cannot listen on, said in one sentence instead of a stack trace

export class ListenError extends Error {}

export function listenError(err: unknown, at: { host: string; port: number }): ListenError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new ListenError(
      `port ${at.port} is in use by another program (is SaySpell already running?); set PORT to a free port, e.g. PORT=${at.port + 1}`,
    );
  }
  if (code === 'EACCES') {
    return new ListenError(
      `port ${at.port} needs administrator rights on this system; set PORT to 1024 or above`,
    );
  }
  if (code === 'EADDRNOTAVAIL') {
    return new ListenError(`${at.host} is not an address of this machine; set HOST (0.0.0.0 listens on all)`);
  }
  return undefined;
}
