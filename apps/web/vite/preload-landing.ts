import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import {
  AUTH_STORAGE_PREFIX,
  DEFAULT_AUTH_STRATEGY,
  TOKEN_STORAGE_PREFIX,
} from '../../../packages/core/src/constants.ts';

// issue 22: a first-time visitor's / is the landing page, a chunk the entry loads once it has run:
// one more round trip before the first paint. so the browser fetches it (and what it imports beyond
// the entry, and its styles) beside the entry. not in index.html itself: a signed-in player would
// pay those KB for a page they never see, and the CSP (script-src 'self') forbids an inline check.
// instead a tiny script of the build's own, run as soon as it arrives (async, before the entry has
// downloaded), adds the preloads on / when no session is stored (auth/token-storage.ts's keys)

/** the script's file, in /assets (the service worker keeps it: index.html names it) */
export const LANDING_PRELOAD_PREFIX = 'assets/landing-preload-';

const LANDING = /\/src\/routes\/landing\/landing-page\.tsx$/;

function preloadScript(scripts: string[], styles: string[]): string {
  const links = [
    ...scripts.map((href) => ({ rel: 'modulepreload', href })),
    ...styles.map((href) => ({ rel: 'preload', as: 'style', href })),
  ];
  const strategy = `${JSON.stringify(AUTH_STORAGE_PREFIX)}+"strategy"`;
  const token = `${JSON.stringify(AUTH_STORAGE_PREFIX + TOKEN_STORAGE_PREFIX)}+(localStorage.getItem(${strategy})||${JSON.stringify(DEFAULT_AUTH_STRATEGY)})`;
  return `// the landing page's files, fetched beside the entry for a visitor of / (vite/preload-landing.ts)
try{if(location.pathname==="/"&&localStorage.getItem(${token})===null)for(const a of ${JSON.stringify(links)}){const l=document.createElement("link");Object.assign(l,a);l.crossOrigin="";document.head.append(l)}}catch{}
`;
}

export function preloadLanding(): Plugin {
  let script: string | null = null;
  return {
    name: 'sayspell-preload-landing',
    apply: 'build',
    // before vite writes index.html (its own generateBundle), which then names the script
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        script = null;
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const landing = chunks.find((c) => LANDING.test(c.facadeModuleId ?? ''));
        if (!entry || !landing) return;
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (root: string, into: Set<string>) => {
          if (into.has(root)) return into;
          into.add(root);
          for (const next of byName.get(root)?.imports ?? []) closure(next, into);
          return into;
        };
        const initial = closure(entry.fileName, new Set());
        const files = [...closure(landing.fileName, new Set())].filter((f) => !initial.has(f));
        const styles = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        const source = preloadScript(
          files.map((f) => `/${f}`),
          styles.map((f) => `/${f}`),
        );
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = `${LANDING_PRELOAD_PREFIX}${hash}.js`;
        this.emitFile({ type: 'asset', fileName: script, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        script
          ? [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${script}` }, injectTo: 'head' }]
          : [],
    },
  };
}
