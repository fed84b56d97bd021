import type { BrowserContext } from '@playwright/test';

// every RTCPeerConnection a page makes, kept on window.__pcs, so a spec looks at the call as the
// browser sees it (its states, descriptions and stats)

declare global {
  interface Window {
    __pcs: RTCPeerConnection[];
  }
}

export async function keepPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__pcs = [];
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        window.__pcs.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}
