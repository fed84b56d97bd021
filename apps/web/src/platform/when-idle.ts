// runs a task once the page has loaded and the main thread is idle: work that can wait (the service
// worker's precache) then never delays the first page. safari has no requestIdleCallback: a
// timeout after the load stands in for it
const LONGEST_WAIT_MS = 5000;

export function whenIdle(task: () => void, win: Window = window): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(task, { timeout: LONGEST_WAIT_MS });
    else win.setTimeout(task, 1000);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
