import { useEffect, useState } from 'react';

// the size of what the player actually sees: the visual viewport, which a phone's on-screen
// keyboard shrinks (issue 22 item 4). with index.html's interactive-widget=resizes-content, chrome
// on android also shrinks the layout viewport; safari does not, so the visual viewport is the
// measure. without visualViewport (old browsers), the window's inner size

export interface VisibleSize {
  width: number;
  height: number;
}

function visibleSize(win: Window): VisibleSize {
  return {
    width: Math.round(win.visualViewport?.width ?? win.innerWidth),
    height: Math.round(win.visualViewport?.height ?? win.innerHeight),
  };
}

export function useVisibleSize(win: Window = window): VisibleSize {
  const [size, setSize] = useState(() => visibleSize(win));
  useEffect(() => {
    const update = () =>
      setSize((old) => {
        const next = visibleSize(win);
        return next.width === old.width && next.height === old.height ? old : next;
      });
    const target: EventTarget = win.visualViewport ?? win;
    target.addEventListener('resize', update);
    win.addEventListener('resize', update);
    return () => {
      target.removeEventListener('resize', update);
      win.removeEventListener('resize', update);
    };
  }, [win]);
  return size;
}
