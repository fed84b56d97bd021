// runs a task once the page has loaded and the main thread is idle: work that can wait (the service
// worker's precache) then never delays the first page. safari has no requestIdleCallback: a
// timeout after the load stands in for it
const LONGEST_WAIT_MS = 5000;

// the window's load event comes before the page's own code and data (its route's chunks and api
// calls, loaded by the router): the app holds idle work until its first page has them too
// (router.tsx), so the offline notice's or the service worker's files do not take the connections
// the page is still waiting on (issue 22)
let firstPage: Promise<void> | null = null;

/** idle work also waits for this (the router's first page, with its data) */
export function holdIdleWorkUntil(ready: Promise<void>): void {
  firstPage = ready;
}

export function whenIdle(task: () => void, win: Window = window): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(task, { timeout: LONGEST_WAIT_MS });
    else win.setTimeout(task, 1000);
  };
  // read when the page has loaded, not when asked: modules ask before the router exists
  const afterFirstPage = () => (firstPage ? void firstPage.then(idle) : idle());
  if (win.document.readyState === 'complete') afterFirstPage();
  else win.addEventListener('load', afterFirstPage, { once: true });
}
