import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AVATARS,
  changeEmailSchema,
  changePasswordSchema,
  confirmEulaSchema,
  deleteAccountSchema,
  demographicSchema,
  setAvatarSchema,
  updateProfileSchema,
  userSettingsSchema,
  voiceSettingsSchema,
} from '@sayspell/core/protocol/account';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProfileService } from '../auth/profile-service.ts';
import type { RecoveryService } from '../auth/recovery-service.ts';
import type { VoiceSettingsService } from '../auth/voice-settings.ts';
import { DomainError } from '../errors.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

const avatarDir = path.join(import.meta.dirname, '../../assets/avatars');
const avatarParams = z.strictObject({
  picture: z.enum(AVATARS, { error: `There is no such avatar; pictures are ${AVATARS.join(', ')}.` }),
});

export function userRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    profiles: ProfileService;
    recovery: RecoveryService;
    voice: VoiceSettingsService;
  },
) {
  const { authenticate, profiles } = deps;

  app.get('/v1/users/profile', async (req) => profiles.view((await authenticate(req)).userId));

  app.patch('/v1/users/profile', async (req) => {
    const me = await authenticate(req);
    return profiles.update(me, parse(updateProfileSchema, req.body));
  });

  app.delete('/v1/users/profile', async (req, reply) => {
    const me = await authenticate(req);
    await profiles.deleteAccount(me, parse(deleteAccountSchema, req.body));
    return reply.status(204).send();
  });

  app.post('/v1/users/change-password', async (req) => {
    const me = await authenticate(req);
    const { currentPassword, newPassword } = parse(changePasswordSchema, req.body);
    return profiles.changePassword(me, currentPassword, newPassword);
  });

  // the new address gets a link; nothing changes until it is opened
  app.post('/v1/users/change-email', async (req, reply) => {
    const me = await authenticate(req);
    const { newEmail, password } = parse(changeEmailSchema, req.body);
    return reply.status(202).send(await deps.recovery.changeEmail(me.userId, newEmail, password));
  });

  app.get('/v1/users/voice', async (req) => deps.voice.get((await authenticate(req)).userId));

  app.put('/v1/users/voice', async (req) => {
    const me = await authenticate(req);
    return deps.voice.save(me.userId, parse(voiceSettingsSchema, req.body));
  });

  app.post('/v1/users/avatar', async (req) => {
    const me = await authenticate(req);
    return profiles.setAvatar(me, parse(setAvatarSchema, req.body).picture);
  });

  app.get('/v1/users/settings', async (req) => profiles.settings(await authenticate(req)));

  app.put('/v1/users/settings', async (req) => {
    const me = await authenticate(req);
    return profiles.saveSettings(me, parse(userSettingsSchema, req.body));
  });

  app.post('/v1/users/confirm-eula', async (req) => {
    const me = await authenticate(req);
    return profiles.confirmEula(me, parse(confirmEulaSchema, req.body).userId);
  });

  app.post('/v1/users/demographics', async (req) => {
    const me = await authenticate(req);
    return profiles.saveDemographic(me, parse(demographicSchema, req.body));
  });

  // public images, like any avatar on the web; cached for a day
  app.get('/v1/avatar/:picture', async (req, reply) => {
    const { picture } = parse(avatarParams, req.params, 'avatar name');
    const image = await fs.readFile(path.join(avatarDir, picture)).catch(() => {
      throw new DomainError('NOT_FOUND', 'That avatar image is missing on this server.');
    });
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(image);
  });
}
