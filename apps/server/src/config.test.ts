import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('call configuration', () => {
  it('has no ICE servers and a 1200 s limit by default', () => {
    expect(loadConfig({}).calls).toEqual({ limitSeconds: 1200, stunUrls: [], turn: undefined });
  });

  it('reads STUN and TURN lists', () => {
    const c = loadConfig({
      STUN_URLS: 'stun:a.example:3478, stun:b.example:3478',
      TURN_URLS: 'turn:t.example:3478,turns:t.example:5349',
      TURN_SECRET: 'sixteen-chars-at-least',
    }).calls;
    expect(c.stunUrls).toEqual(['stun:a.example:3478', 'stun:b.example:3478']);
    expect(c.turn?.urls).toEqual(['turn:t.example:3478', 'turns:t.example:5349']);
  });

  it('says what is wrong with a bad list or a missing secret', () => {
    expect(() => loadConfig({ STUN_URLS: 'http://x' })).toThrow(/STUN_URLS: http:\/\/x is not a stun URL/);
    expect(() => loadConfig({ TURN_URLS: 'turn:t.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ TURN_URLS: 'turn:t.example' })).toThrow(/TURN_SECRET: required/);
    expect(() => loadConfig({ AUDIO_CALL_LIMIT: '0' })).toThrow(/AUDIO_CALL_LIMIT/);
  });
});
