import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

// draws the seven avatars (§3: avatar1.png … avatar7.png) as SVG and renders them to 256×256 PNGs
// with the system chromium. run: node --import tsx apps/web/scripts/render-avatars.ts

const out = path.join(import.meta.dirname, '../../server/assets/avatars');
const INK = '#2b2118';

/** a friendly eye: dark iris with two highlights */
const eye = (x: number, y: number, r = 11) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${INK}"/>` +
  `<circle cx="${x + r * 0.35}" cy="${y - r * 0.4}" r="${r * 0.38}" fill="#fff"/>` +
  `<circle cx="${x - r * 0.35}" cy="${y + r * 0.35}" r="${r * 0.16}" fill="#fff" opacity="0.8"/>`;
const cheeks = (y: number, dx: number, color = '#ff8fa3', r = 12) =>
  `<ellipse cx="${128 - dx}" cy="${y}" rx="${r}" ry="${r * 0.65}" fill="${color}" opacity="0.55"/>` +
  `<ellipse cx="${128 + dx}" cy="${y}" rx="${r}" ry="${r * 0.65}" fill="${color}" opacity="0.55"/>`;
const smile = (y: number, w = 14) =>
  `<path d="M${128 - w} ${y} Q${128 - w / 2} ${y + 10} 128 ${y} Q${128 + w / 2} ${y + 10} ${128 + w} ${y}" ` +
  `fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`;
const background = (from: string, to: string) =>
  `<defs><radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${from}"/>` +
  `<stop offset="1" stop-color="${to}"/></radialGradient></defs><rect width="256" height="256" fill="url(#bg)"/>` +
  // a soft shadow under the head
  `<ellipse cx="128" cy="236" rx="78" ry="10" fill="#000" opacity="0.08"/>`;

const fox = `${background('#5fd0c2', '#2a9d8f')}
  <path d="M52 128 L64 34 L122 84 Z" fill="#f28c28"/><path d="M68 104 L74 56 L106 86 Z" fill="#6b3410"/>
  <path d="M204 128 L192 34 L134 84 Z" fill="#f28c28"/><path d="M188 104 L182 56 L150 86 Z" fill="#6b3410"/>
  <path d="M36 134 Q44 78 128 76 Q212 78 220 134 Q214 184 128 220 Q42 184 36 134 Z" fill="#f59a3a"/>
  <path d="M54 150 Q94 138 128 172 Q162 138 202 150 Q188 194 128 220 Q68 194 54 150 Z" fill="#fff6ec"/>
  ${eye(96, 136)}${eye(160, 136)}
  <ellipse cx="128" cy="180" rx="13" ry="9" fill="${INK}"/>${smile(194, 10)}${cheeks(166, 56)}`;

const cat = `${background('#ffe08a', '#f4b942')}
  <path d="M46 120 L58 40 L112 80 Z" fill="#8e9aaf"/><path d="M62 104 L68 60 L98 84 Z" fill="#f7b6c2"/>
  <path d="M210 120 L198 40 L144 80 Z" fill="#8e9aaf"/><path d="M194 104 L188 60 L158 84 Z" fill="#f7b6c2"/>
  <ellipse cx="128" cy="144" rx="88" ry="78" fill="#a3adc2"/>
  <path d="M112 70 Q116 86 114 100 M128 68 L128 100 M144 70 Q140 86 142 100" stroke="#7d879c" stroke-width="6"
    stroke-linecap="round" fill="none"/>
  <ellipse cx="128" cy="178" rx="42" ry="30" fill="#eef0f5"/>
  <ellipse cx="94" cy="140" rx="15" ry="17" fill="#7bc96f"/><ellipse cx="162" cy="140" rx="15" ry="17" fill="#7bc96f"/>
  <ellipse cx="94" cy="141" rx="5" ry="13" fill="${INK}"/><ellipse cx="162" cy="141" rx="5" ry="13" fill="${INK}"/>
  <circle cx="99" cy="133" r="4" fill="#fff"/><circle cx="167" cy="133" r="4" fill="#fff"/>
  <path d="M119 166 L137 166 L128 176 Z" fill="#f2849e" stroke="#f2849e" stroke-width="3" stroke-linejoin="round"/>
  ${smile(182, 12)}
  <path d="M74 172 L30 164 M74 182 L32 188 M182 172 L226 164 M182 182 L224 188" stroke="#5f6678" stroke-width="3"
    stroke-linecap="round"/>${cheeks(170, 60)}`;

const panda = `${background('#b5ebb9', '#6cc477')}
  <circle cx="62" cy="74" r="30" fill="#2f2f3a"/><circle cx="194" cy="74" r="30" fill="#2f2f3a"/>
  <ellipse cx="128" cy="140" rx="92" ry="82" fill="#fbfbfd"/>
  <ellipse cx="90" cy="138" rx="24" ry="30" transform="rotate(35 90 138)" fill="#2f2f3a"/>
  <ellipse cx="166" cy="138" rx="24" ry="30" transform="rotate(-35 166 138)" fill="#2f2f3a"/>
  <circle cx="94" cy="134" r="11" fill="#fff"/><circle cx="162" cy="134" r="11" fill="#fff"/>
  <circle cx="96" cy="135" r="7" fill="${INK}"/><circle cx="160" cy="135" r="7" fill="${INK}"/>
  <circle cx="98" cy="132" r="2.5" fill="#fff"/><circle cx="162" cy="132" r="2.5" fill="#fff"/>
  <ellipse cx="128" cy="172" rx="14" ry="9" fill="#2f2f3a"/>${smile(186, 12)}${cheeks(178, 62, '#ff9fb2', 13)}`;

const owl = `${background('#9fb6ff', '#5b7be8')}
  <path d="M52 70 L74 100 L90 82 Z" fill="#7a4a2a"/><path d="M204 70 L182 100 L166 82 Z" fill="#7a4a2a"/>
  <path d="M44 150 Q44 72 128 72 Q212 72 212 150 Q212 222 128 222 Q44 222 44 150 Z" fill="#9c6640"/>
  <path d="M84 188 Q128 160 172 188 Q164 222 128 222 Q92 222 84 188 Z" fill="#e8c9a0"/>
  <path d="M104 196 q6 6 12 0 M124 204 q6 6 12 0 M140 196 q6 6 12 0" stroke="#b98e5c" stroke-width="3" fill="none"
    stroke-linecap="round"/>
  <circle cx="94" cy="130" r="32" fill="#f6a93b"/><circle cx="162" cy="130" r="32" fill="#f6a93b"/>
  <circle cx="94" cy="130" r="25" fill="#fff"/><circle cx="162" cy="130" r="25" fill="#fff"/>
  ${eye(96, 132, 13)}${eye(160, 132, 13)}
  <path d="M118 152 L138 152 L128 172 Z" fill="#f28c28" stroke="#f28c28" stroke-width="4" stroke-linejoin="round"/>`;

const bear = `${background('#ffc4dc', '#ee7fb0')}
  <circle cx="60" cy="80" r="30" fill="#a0653c"/><circle cx="60" cy="80" r="16" fill="#d9a37a"/>
  <circle cx="196" cy="80" r="30" fill="#a0653c"/><circle cx="196" cy="80" r="16" fill="#d9a37a"/>
  <ellipse cx="128" cy="142" rx="88" ry="80" fill="#b0743f"/>
  <ellipse cx="128" cy="176" rx="42" ry="32" fill="#e9c39b"/>
  ${eye(94, 134)}${eye(162, 134)}
  <ellipse cx="128" cy="164" rx="15" ry="10" fill="${INK}"/><ellipse cx="124" cy="161" rx="5" ry="2.5" fill="#fff"
    opacity="0.6"/>
  <path d="M128 174 L128 184" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>${smile(184, 13)}
  ${cheeks(170, 62)}`;

const rabbit = `${background('#cdbdff', '#8f6cf0')}
  <ellipse cx="92" cy="62" rx="20" ry="54" transform="rotate(-10 92 62)" fill="#f4f1f8"/>
  <ellipse cx="92" cy="66" rx="9" ry="40" transform="rotate(-10 92 66)" fill="#f7b6c8"/>
  <ellipse cx="164" cy="62" rx="20" ry="54" transform="rotate(10 164 62)" fill="#f4f1f8"/>
  <ellipse cx="164" cy="66" rx="9" ry="40" transform="rotate(10 164 66)" fill="#f7b6c8"/>
  <ellipse cx="128" cy="156" rx="80" ry="70" fill="#f4f1f8"/>
  ${eye(98, 148, 10)}${eye(158, 148, 10)}
  <path d="M120 170 Q128 164 136 170 Q132 178 128 178 Q124 178 120 170 Z" fill="#f2849e"/>
  <path d="M128 178 L128 186" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>${smile(186, 11)}
  <rect x="121" y="190" width="14" height="14" rx="3" fill="#fff" stroke="#d8d2e3" stroke-width="2"/>
  <path d="M128 190 L128 204" stroke="#d8d2e3" stroke-width="2"/>${cheeks(178, 56, '#ff8fb0', 13)}`;

const frog = `${background('#ffd3a8', '#f79a52')}
  <ellipse cx="128" cy="158" rx="96" ry="66" fill="#6cc25a"/>
  <circle cx="84" cy="102" r="32" fill="#6cc25a"/><circle cx="172" cy="102" r="32" fill="#6cc25a"/>
  <circle cx="84" cy="102" r="22" fill="#fff"/><circle cx="172" cy="102" r="22" fill="#fff"/>
  ${eye(86, 104, 12)}${eye(170, 104, 12)}
  <ellipse cx="128" cy="186" rx="58" ry="26" fill="#a6e08f" opacity="0.7"/>
  <path d="M78 162 Q128 206 178 162" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
  <circle cx="116" cy="144" r="3.5" fill="#2e6b25"/><circle cx="140" cy="144" r="3.5" fill="#2e6b25"/>
  ${cheeks(160, 72, '#ff7f8f', 14)}`;

const AVATARS = [fox, cat, panda, owl, bear, rabbit, frog];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 256, height: 256 }, deviceScaleFactor: 1 });
  await fs.mkdir(out, { recursive: true });
  for (const [i, body] of AVATARS.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">${body}</svg>`;
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const file = path.join(out, `avatar${i + 1}.png`);
    await page.locator('svg').screenshot({ path: file });
    console.info('wrote', path.relative(process.cwd(), file));
  }
} finally {
  await browser.close();
}
