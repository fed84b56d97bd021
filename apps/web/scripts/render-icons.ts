import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

// renders the app icons of the web manifest (192, 512 and a maskable 512 with a safe margin)
// from public/favicon.svg with the system chromium. run: node --import tsx apps/web/scripts/render-icons.ts

const pub = path.join(import.meta.dirname, '../public');
const svg = await fs.readFile(path.join(pub, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const shots: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
];
for (const [file, size, maskable] of shots) {
  await page.setViewportSize({ width: size, height: size });
  // a maskable icon keeps its picture inside the middle 80 %, on the brand colour
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#5b3df5' : 'transparent'}">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  await page.screenshot({ path: path.join(pub, file), omitBackground: !maskable });
}
await browser.close();
