import type { ReactNode } from 'react';
import classes from './app-frame.module.css';

// the header, the menu and the page (app-frame.module.css): the app layout's and the first load's
// outline's. the menu is open or closed for phones and for wider screens apart, as the player left it

// react-remove-scroll's class for fixed elements: a modal's scroll lock pads them as it pads the
// page, so the header does not shift when the scrollbar goes (react-remove-scroll-bar's zeroRight)
const ZERO_RIGHT = 'right-scroll-bar-position';

export function AppFrame({
  mobileOpen = false,
  desktopOpen = false,
  children,
}: {
  mobileOpen?: boolean;
  desktopOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={classes.frame}
      data-mobile-open={mobileOpen || undefined}
      data-desktop-open={desktopOpen || undefined}
    >
      {children}
    </div>
  );
}

export function FrameHeader({ children }: { children: ReactNode }) {
  return <header className={`${classes.header} ${ZERO_RIGHT}`}>{children}</header>;
}

export function FrameNavbar({ children }: { children: ReactNode }) {
  return <nav className={classes.navbar}>{children}</nav>;
}

export function FrameMain({ children }: { children: ReactNode }) {
  return <main className={classes.main}>{children}</main>;
}
