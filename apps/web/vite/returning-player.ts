import type { Plugin } from 'vite';
import { LANDING_PRELOAD_PREFIX } from './preload-landing.ts';

// issue 22: the service worker precaches only what a returning player needs: the app shell, the
// landing and home pages, a game, its results, matching and sign-in (each with the chunks and
// styles it imports). everything else (admin, profile, history…) is cached the first time it is
// opened (runtime caching in vite.config.ts). the set comes from the build's own module graph, so a
// renamed or re-split chunk is followed without a list of file names to keep up to date

const RETURNING_MODULES = [
  /\/src\/routes\/home\/home-page\.tsx$/,
  /\/src\/routes\/home\/game-setup-form\.tsx$/,
  /\/src\/routes\/landing\/landing-page\.tsx$/,
  /\/src\/routes\/game\/game-page\.tsx$/,
  /\/src\/routes\/results\/results-page\.tsx$/,
  /\/src\/routes\/matching\/matching-page\.tsx$/,
  /\/src\/routes\/login\/login-page\.tsx$/,
  /\/src\/social\/social-provider\.tsx$/,
  /\/src\/social\/social-layer\.tsx$/,
  /\/src\/popups\/offline-popup\.tsx$/,
];

interface ChunkInfo {
  imports: string[];
  css: string[];
}

export interface ReturningPlayerFiles {
  plugin: Plugin;
  /** whether a precache entry (a path relative to the build folder) is kept */
  keeps: (url: string) => boolean;
}

export function returningPlayerFiles(): ReturningPlayerFiles {
  const kept = new Set<string>();
  const plugin: Plugin = {
    name: 'sayspell-returning-player-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const roots: string[] = [];
      const found = new Set<number>();
      for (const [fileName, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.set(fileName, {
          imports: out.imports,
          css: [...(out.viteMetadata?.importedCss ?? [])],
        });
        // a page may share its chunk with others (no facade of its own): look at every module
        const ids = Object.keys(out.modules);
        const pages = RETURNING_MODULES.flatMap((re, i) => (ids.some((id) => re.test(id)) ? [i] : []));
        if (out.isEntry || pages.length) roots.push(fileName);
        for (const i of pages) found.add(i);
      }
      const missing = RETURNING_MODULES.filter((_, i) => !found.has(i));
      if (missing.length) this.warn(`returning-player pages not in the build: ${missing.join(', ')}`);
      kept.clear();
      const visit = (fileName: string) => {
        if (kept.has(fileName)) return;
        kept.add(fileName);
        const chunk = chunks.get(fileName);
        for (const css of chunk?.css ?? []) kept.add(css);
        for (const next of chunk?.imports ?? []) visit(next);
      };
      for (const root of roots) visit(root);
    },
  };
  // files outside /assets (index.html, icons, the manifest) are the shell: always kept, and so is
  // the script index.html names beside the entry
  const keeps = (url: string) =>
    !url.startsWith('assets/') || url.startsWith(LANDING_PRELOAD_PREFIX) || kept.has(url);
  return { plugin, keeps };
}
