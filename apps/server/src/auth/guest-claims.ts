import { errors, jwtVerify, SignJWT } from 'jose';

// Sign-up logs the guest out before /register (§2); this signed ticket, asked for just before,
// lets the new account take over the guest's row and so keep its game history

const AUDIENCE = 'sayspell:guest-claim';
const TTL_SECONDS = 3600;

export function createGuestClaims(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (guestId: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(guestId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${TTL_SECONDS}s`)
        .sign(key),
    /** the guest's id, or undefined for a ticket that is not valid (any more) */
    async verify(ticket: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(ticket, key, { audience: AUDIENCE, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch (err) {
        if (err instanceof errors.JOSEError) return undefined;
        throw err;
      }
    },
  };
}

export type GuestClaims = ReturnType<typeof createGuestClaims>;
