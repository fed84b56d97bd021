import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// what mantine needs from a browser that jsdom does not have

// the tests' browser asks for reduced motion, and the test wrapper's theme respects it: mantine's
// transitions then finish at once instead of on a timer, which would otherwise fire after a test
// file's jsdom is gone ("window is not defined" from a Transition's setTimeout, failing the run)
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// a text area that grows with its text (autosize) resizes again when web fonts finish loading
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
