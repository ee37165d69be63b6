// Renders the app icon (an SVG drawn here) to the PNG sizes the manifest lists, in Chromium.
// Run once when the icon changes: node scripts/make-icons.mjs
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const svg = (maskable) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${maskable ? 0 : 96}" fill="#1e5aa8"/>
  <g transform="translate(256 250) scale(${maskable ? 0.7 : 0.85})">
    <rect x="-62" y="-170" width="124" height="210" rx="62" fill="#fff"/>
    <path d="M-112 -10 a112 112 0 0 0 224 0" fill="none" stroke="#fff" stroke-width="28" stroke-linecap="round"/>
    <line x1="0" y1="102" x2="0" y2="160" stroke="#fff" stroke-width="28" stroke-linecap="round"/>
    <line x1="-64" y1="166" x2="64" y2="166" stroke="#fff" stroke-width="28" stroke-linecap="round"/>
  </g>
</svg>`;

fs.writeFileSync('public/icons/icon.svg', svg(false));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
  ['favicon-32.png', 32, false],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(maskable).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: true });
}
await browser.close();
