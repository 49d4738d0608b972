import stylesheetUrl from 'antd/dist/antd.css?url';

/**
 * Puts a stylesheet ahead of the page's own, as Ant Design's styles came when it wrote them while drawing:
 * the site's rules, loaded after, win over Ant Design's of the same weight. Resolves once the sheet is loaded,
 * or failed (the page then draws without it rather than not at all).
 */
export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  if (doc.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = doc.createElement('link');
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.insertBefore(link, doc.head.querySelector('link[rel="stylesheet"], style'));
  return loaded;
}

// Ant Design's styles, built ahead (the theme's zero-runtime mode: components write no styles while drawing).
// Whatever imports this module waits for them, so no part of a page is ever drawn unstyled. Tests draw without.
if (import.meta.env.MODE !== 'test') await loadStylesheet(stylesheetUrl);
