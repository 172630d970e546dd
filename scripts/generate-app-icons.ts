/**
 * Writes the installed app's icons (public/icons/*.png) from src/assets/logo.svg, drawn by Chromium:
 * the manifest's 192 and 512 px icons (transparent corners, as the logo), a 512 px maskable icon (the logo
 * at 80 % on a full-bleed theme-colour square, inside the 80 % safe zone launchers may crop to) and the
 * 180 px apple-touch-icon (opaque). The PNGs are committed: the build then needs no image tool.
 * Run after changing the logo: `npx tsx scripts/generate-app-icons.ts`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { THEME_COLOUR } from '../build-plugins/installable-app';
import { ensureChromium } from './lib/find-chromium';
import { repoRoot } from './lib/repo-root';

const icons = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.8, background: THEME_COLOUR },
  { file: 'apple-touch-icon-180.png', size: 180, logoShare: 0.86, background: THEME_COLOUR },
];

const logo = readFileSync(join(repoRoot, 'src/assets/logo.svg'), 'utf8');
const outputDir = join(repoRoot, 'public/icons');
mkdirSync(outputDir, { recursive: true });

const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    const logoSize = Math.round(icon.size * icon.logoShare);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
        logo.replace('<svg ', `<svg width="${logoSize}" height="${logoSize}" `) +
        '</body>',
    );
    await page.screenshot({
      path: join(outputDir, icon.file),
      omitBackground: icon.background === 'transparent',
    });
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
