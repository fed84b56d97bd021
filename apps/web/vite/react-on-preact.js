// what the build imports as 'react' (vite/preact.ts): preact/compat, plus react 19's Activity, which
// mantine 9 imports and preact has not. a hidden activity renders nothing here: mantine uses it for
// kept-mounted tabs and tree nodes, none of which this app keeps mounted. plain javascript: preact's
// types declare compat with `export =`, which typescript cannot re-export with `export *`
import { createElement, Fragment } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

// react-router uses react 19's useOptimistic only when react has it: said here, so the build does
// not warn that the import is undefined
export const useOptimistic = undefined;

export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : createElement(Fragment, null, children);
}
