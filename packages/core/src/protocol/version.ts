// the protocol's version, apart from the event schemas (socket.ts) so that a client reading it does
// not load zod with it (issue 22: the web's signed-in pages)

/**
 * the events' version: bump it whenever an event or payload changes so that an older client
 * would misread it. a client sends it in the handshake's auth; the server refuses another one
 * with INCOMPATIBLE_PROTOCOL, so an old tab after a deploy asks for a reload (tldraw's
 * TLSYNC_PROTOCOL_VERSION). 2: guess-word's answer is the guesser's delta, no longer a full view
 * (issue 16)
 */
export const PROTOCOL_VERSION = 2;

/** the connect_error message of a refused version; its data says which side is behind */
export const INCOMPATIBLE_PROTOCOL = 'incompatible-protocol';
export type IncompatibleReason = 'client-too-old' | 'server-too-old';
