import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// a web build of the same shape as apps/web's (what the server sees of it): index.html with its
// entry script, module preloads, stylesheet, icon and manifest; ~95 hashed files under assets/; a
// workbox service worker whose precache lists ~100 files. server tests run before the web app is
// built, so they get this one; SAYSPELL_TEST_WEB_DIST names a real build to use instead.

export function webDistForTests(): string {
  const real = process.env.SAYSPELL_TEST_WEB_DIST;
  if (real) {
    if (!fs.existsSync(path.join(real, 'sw.js'))) throw new Error(`${real} has no sw.js: not a web build`);
    return real;
  }
  return shapedLikeTheBuild();
}

function shapedLikeTheBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const hash = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 8);
  const write = (name: string, body: string) => fs.writeFileSync(path.join(dist, name), body);
  const chunks = Array.from({ length: 93 }, (_, i) => {
    const body = `export const chunk${i} = ${JSON.stringify('x'.repeat(500 + i * 40))};\n`;
    const name = `assets/chunk${i}-${hash(body)}.js`;
    write(name, body);
    return name;
  });
  const css = 'assets/index-Cs5x0001.css';
  write(css, 'body{margin:0}\n'.repeat(200));
  const entry = 'assets/index-En7ry001.js';
  write(entry, `import './${path.basename(chunks[0]!)}';\n`.repeat(20));
  const icons = ['favicon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png'];
  for (const icon of icons) write(icon, `${icon}\n`.repeat(100));
  write(
    'manifest.webmanifest',
    JSON.stringify({ name: 'SaySpell', start_url: '/', icons: icons.map((i) => ({ src: `/${i}` })) }),
  );
  write('privacy-policy.html', '<!doctype html><title>Privacy</title>');
  const html = [
    '<!doctype html><html lang="en"><head>',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    `<script type="module" crossorigin src="/${entry}"></script>`,
    ...chunks.slice(0, 23).map((c) => `<link rel="modulepreload" crossorigin href="/${c}">`),
    `<link rel="stylesheet" crossorigin href="/${css}">`,
    '<link rel="manifest" href="/manifest.webmanifest"></head>',
    '<body><div id="root"></div></body></html>',
  ].join('\n');
  write('index.html', html);
  const workbox = 'workbox-5ha9e001';
  write(`${workbox}.js`, 'define([], function () {});\n');
  const precache = [
    ...['privacy-policy.html', 'index.html', ...icons].map((u) => ({ url: u, revision: hash(u) })),
    ...[...chunks, entry, css].map((u) => ({ url: u, revision: null })),
  ];
  const list = precache
    .map((e) => `{url:"${e.url}",revision:${e.revision === null ? 'null' : `"${e.revision}"`}}`)
    .join(',');
  write('sw.js', `define(["./${workbox}"],function(s){"use strict";s.precacheAndRoute([${list}],{})});\n`);
  return dist;
}
