import type { Plugin } from 'vite';

// issue 22: mantine's AppShell header, footer and aside import react-remove-scroll only to read two
// class names (`RemoveScroll.classNames.zeroRight`), and the import keeps the whole library (its
// side car, scroll locking and style singleton: 3.3 KB gzip) in the entry, which every page loads.
// for those files the import resolves to the class names alone, from the same constants the
// library itself uses; modals still import the real react-remove-scroll when they load

const APP_SHELL = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
const CLASS_NAMES = '\0sayspell-remove-scroll-class-names';

export function appShellScrollClasses(): Plugin {
  return {
    name: 'sayspell-app-shell-scroll-classes',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && APP_SHELL.test(importer)) return CLASS_NAMES;
      return null;
    },
    load(id) {
      if (id !== CLASS_NAMES) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}
