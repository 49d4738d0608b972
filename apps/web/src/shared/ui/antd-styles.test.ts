import { afterEach, describe, expect, it } from 'vitest';
import { loadStylesheet } from './antd-styles';

const sheets = () => [...document.head.querySelectorAll('link[rel="stylesheet"], style')];

describe("Ant Design's stylesheet", () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("comes ahead of the page's own styles, so the site's rules win over Ant Design's of the same weight", async () => {
    document.head.innerHTML = '<title>Junction</title><link rel="stylesheet" href="/assets/app.css"><style>p{}</style>';
    const loading = loadStylesheet('/assets/antd.css');
    expect(sheets().map((s) => s.getAttribute('href'))).toEqual(['/assets/antd.css', '/assets/app.css', null]);
    let done = false;
    void loading.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    sheets()[0]?.dispatchEvent(new Event('load'));
    await loading;
  });

  it('lets the page draw when it cannot be loaded', async () => {
    const loading = loadStylesheet('/assets/antd.css');
    sheets()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('is loaded once', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/antd.css">';
    await loadStylesheet('/assets/antd.css');
    expect(sheets()).toHaveLength(1);
  });
});
