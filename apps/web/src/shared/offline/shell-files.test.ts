import { describe, expect, it } from 'vitest';
import { isOfflineShellFile, offlineShellFiles, type ViteManifest } from './shell-files';

/** A build's manifest in miniature: the entry, the offline pages, another lazy page, and texts. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_app'], css: ['assets/index-a1.css'] },
  _app: { file: 'assets/app-b2.js', dynamicImports: ['src/features/search/pages/results-page.tsx'] },
  'src/shared/ui/antd-scope.tsx': { file: 'assets/antd-scope-c3.js', imports: ['_button', '_theme'] },
  _button: { file: 'assets/Button-d4.js' },
  _theme: { file: 'assets/theme-r8.js', assets: ['assets/antd-s9.css'] },
  'src/features/account/pages/account-layout.tsx': { file: 'assets/account-layout-e5.js' },
  'src/features/orders/pages/trips-page.tsx': { file: 'assets/trips-page-f6.js', imports: ['_button'] },
  'src/features/orders/pages/order-page.tsx': {
    file: 'assets/order-page-g7.js',
    imports: ['_select'],
    css: ['assets/order-page-g7.css'],
    dynamicImports: ['src/widgets/map/plan-map.tsx'],
  },
  _select: { file: 'assets/select-h8.js' },
  'src/features/orders/pages/itinerary-page.tsx': { file: 'assets/itinerary-page-i9.js' },
  'src/features/search/pages/results-page.tsx': { file: 'assets/results-page-j0.js', imports: ['_date'] },
  _date: { file: 'assets/date-picker-k1.js' },
  'src/widgets/map/plan-map.tsx': { file: 'assets/plan-map-l2.js' },
  'src/locales/en/orders.json': { file: 'assets/orders-m3.js' },
  'src/locales/zh-CN/orders.json': { file: 'assets/orders-n4.js' },
  'src/locales/zh-CN/rail.json': { file: 'assets/rail-o5.js' },
  'src/locales/en/results.json': { file: 'assets/results-p6.js' },
  'src/locales/zh-CN/wallet.json': { file: 'assets/wallet-q7.js' },
};

describe('the files the service worker keeps at install', () => {
  const shell = offlineShellFiles(manifest);

  it('keeps the entry, the trips, order and itinerary pages with what they import and their styles, and their texts', () => {
    for (const file of [
      'assets/index-a1.js',
      'assets/index-a1.css',
      'assets/app-b2.js',
      'assets/antd-scope-c3.js',
      'assets/Button-d4.js',
      'assets/theme-r8.js',
      'assets/antd-s9.css',
      'assets/account-layout-e5.js',
      'assets/trips-page-f6.js',
      'assets/order-page-g7.js',
      'assets/order-page-g7.css',
      'assets/select-h8.js',
      'assets/itinerary-page-i9.js',
      'assets/orders-m3.js',
      'assets/orders-n4.js',
      'assets/rail-o5.js',
    ]) {
      expect(isOfflineShellFile(file, shell), file).toBe(true);
    }
  });

  it("keeps none of the site's other pages, what is loaded only on demand, or other pages' texts", () => {
    for (const file of [
      'assets/results-page-j0.js',
      'assets/date-picker-k1.js',
      'assets/plan-map-l2.js',
      'assets/results-p6.js',
      'assets/wallet-q7.js',
    ]) {
      expect(isOfflineShellFile(file, shell), file).toBe(false);
    }
  });

  it('keeps the page, its icons and manifests, and no other public file', () => {
    for (const file of [
      'index.html',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'manifest.zh-CN.webmanifest',
    ]) {
      expect(isOfflineShellFile(file, shell), file).toBe(true);
    }
    for (const file of ['robots.txt', 'sw.js', 'landing/beijing-shanghai.html']) {
      expect(isOfflineShellFile(file, shell), file).toBe(false);
    }
  });
});
