// the AdMob ad units of the mobile apps, chosen when the native build is made (VITE_ADMOB_*, see
// docs/native-apps.md). by default Google's sample units, which only ever serve test ads: a build
// made without the variables can be run and reviewed but earns nothing

export interface AdUnits {
  banner: string;
  interstitial: string;
}

const SAMPLE = {
  android: {
    banner: 'ca-app-pub-3940256099942544/6300978111',
    interstitial: 'ca-app-pub-3940256099942544/1033173712',
  },
  ios: {
    banner: 'ca-app-pub-3940256099942544/2934735716',
    interstitial: 'ca-app-pub-3940256099942544/4411468910',
  },
} as const;

type Env = Record<string, string | boolean | undefined>;

const pick = (env: Env, name: string, sample: string) => {
  const value = env[name];
  return typeof value === 'string' && value.trim() ? value.trim() : sample;
};

export function adUnits(env: Env = import.meta.env): Record<'android' | 'ios', AdUnits> {
  return {
    android: {
      banner: pick(env, 'VITE_ADMOB_ANDROID_BANNER', SAMPLE.android.banner),
      interstitial: pick(env, 'VITE_ADMOB_ANDROID_INTERSTITIAL', SAMPLE.android.interstitial),
    },
    ios: {
      banner: pick(env, 'VITE_ADMOB_IOS_BANNER', SAMPLE.ios.banner),
      interstitial: pick(env, 'VITE_ADMOB_IOS_INTERSTITIAL', SAMPLE.ios.interstitial),
    },
  };
}
