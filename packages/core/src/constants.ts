// business constants from the spec (§9); names say what they are, values are the spec's

export const PRODUCT = 'SaySpell';

export const GAME_TIMER_SECONDS = 90;
export const MIN_GAME_TIMER_SECONDS = 10;
export const MAX_GAME_TIMER_SECONDS = 600;
export const START_COUNTDOWN_SECONDS = 5;
export const SOLO_WORD_COUNT = 10;
/** a partnered game has more words than 90 s usually allows: the timer, not the list, ends it */
export const PARTNERED_WORD_COUNT = 20;
export const HANDSHAKE_INTERVAL_MS = 100;
export const TICK_MS = 1000;
export const BUZZER_MS = 1000;
export const FOCUS_DELAY_MS = 1000;
export const MAX_GUESS_LENGTH = 45;

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** what a game may be played at: a bank difficulty, or 'adaptive' (words picked for the player's rating) */
export const GAME_DIFFICULTIES = [...DIFFICULTIES, 'adaptive'] as const;
export type GameDifficulty = (typeof GAME_DIFFICULTIES)[number];

export const MODES = ['multi', 'solo'] as const;
export type Mode = (typeof MODES)[number];
export const MODE_LABELS: Record<Mode, string> = { multi: 'Partnered', solo: 'Solo' };

export const ROLES = ['speaker', 'speller', 'either'] as const;
export type Role = (typeof ROLES)[number];
/** roles a solo player may pick (§5: speaker and either are disabled in solo) */
export const SOLO_ROLES: readonly Role[] = ['speller'];

export const ENABLED_CATEGORIES = [
  'amounts',
  'anatomy',
  'animals',
  'architecture',
  'attire',
  'dining',
  'feelings',
  'health',
  'landscapes',
  'law',
  'random',
  'soundalikes',
] as const;
export type CategoryName = (typeof ENABLED_CATEGORIES)[number];
export const DISABLED_CATEGORIES = ['home', 'people', 'sports', 'tech', 'travel', 'work'] as const;

export const CATEGORY_PREFIX = 'category_';
export const CATEGORY_RANDOM = 'category_random';
export const CATEGORY_CUSTOM = 'category_custom';
export const CATEGORY_ENTERPRISE = 'category_enterprise';
/** 'Practice my words': the player's own words due again (issue 17) */
export const CATEGORY_PRACTICE = 'category_practice';

export const TEXTS = {
  waitingOnNextWord: 'Waiting on Next Word',
  pageNotFound: 'This page could not be found',
  error: 'Error',
  unknownMiddleware: 'Unknown middleware',
  networkUnavailableTitle: 'Network Unavailable!',
  networkUnavailable: "It looks like you're offline. Please check your internet connection and try again.",
  mobileOnly: `${PRODUCT} is now mobile-app only`,
  androidUpdate:
    'A new Android update is available. Please update your app to get the latest features and fixes.',
  iosUpdate: 'A new iOS update is available. Please update your app to get the latest features and fixes.',
  updateNow: 'Update Now',
  noRealtimeMedia: 'Your browser does not support real-time audio / video',
  speechRecognitionUnavailable:
    'Speech Recognition is not available on this browser. Please use Chrome or Firefox',
  audioNotEnabledTitle: 'Audio Not Enabled',
  audioNotEnabled: 'Please go to Settings and enable microphone permissions.',
  microphoneNotDetectedTitle: 'Microphone Not Detected',
  microphoneNotDetected: 'No microphone found on your device.',
} as const;

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const SIGN_UP_REDIRECT_MS = 500;
export const RELOAD_GUARD_MS = 60_000;

export const BREAKPOINTS = { sm: 610, md: 1250 } as const;

export const AUTH_TOKEN_TYPE = 'Bearer';
export const AUTH_STORAGE_PREFIX = 'auth.';
export const TOKEN_STORAGE_PREFIX = '_token.';
export const REFRESH_TOKEN_STORAGE_PREFIX = '_refresh_token.';
export const DEFAULT_AUTH_STRATEGY = 'local';

export const DATE_FORMAT = 'MMMM D, Y';

export const RESULTS_COUNTDOWN_SECONDS = 5;

/** gift cards (§9): qualifying games needed for each card, and the conditions on them */
export const GIFT_CARDS = [
  { id: 'first', soloTarget: 20, partneredTarget: 10 },
  { id: 'second', soloTarget: 50, partneredTarget: 25 },
] as const;
export const GIFT_CARD_MIN_WORDS_PER_GAME = 10;
export const GIFT_CARD_MIN_TOPICS = 6;
export const GIFT_CARD_MIN_AVERAGE = 0.8;

/** the leaderboard ranks players with at least this many finished games in the period */
export const LEADERBOARD_MIN_GAMES = 3;
export const LEADERBOARD_SIZE = 50;
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

// social (§9)
export const INVITE_TIMEOUT_MS = 30_000;
export const NOTIFICATION_MS = 5000;
export const PRESENCE_DELAY_MS = 500;
export const TYPING_IDLE_MS = 1000;
export const FULL_NAME_REVEAL_MS = 2000;
export const NAME_TRUNCATION = 15;
/** guests with this many games or more are not listed online (§5) */
export const GUEST_GAME_CAP = 3;
export const CHAT_MESSAGE_MAX = 500;

// platform and app updates (§9)
export const PLATFORMS = ['web', 'ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** the mobile apps' version: an update is offered when the server's number is higher */
export const APP_VERSION = 7;

// §9 calls: the limit is an environment value on the server; these are the media settings
export const AUDIO_CALL_LIMIT_SECONDS = 1200;
export const VIDEO_CONSTRAINTS = { width: 1280, height: 720, frameRate: 24 } as const;
export const VIDEO_CODEC = 'video/VP8';
export const MAX_AUDIO_BITRATE = 16_000;
export const AUDIO_TOKEN_PATH = '/v1/audio/token';
