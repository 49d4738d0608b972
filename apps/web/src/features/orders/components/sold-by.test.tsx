import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { SoldBy } from './sold-by';

afterEach(cleanup);

function show(sold: Parameters<typeof SoldBy>[0]['sold'], language: 'en' | 'zh-CN') {
  stubApi({});
  renderApp([{ path: '/', element: <SoldBy sold={sold} /> }], { language });
  return screen.getByTestId('sold-by');
}

describe('who sells a trip', () => {
  it.each([
    ['en', 'Sold by: China Eastern'],
    ['zh-CN', '出票方：中国东方航空'],
  ] as const)('is one sentence with the punctuation of its language (%s)', (language, sentence) => {
    const line = show({ agent: 'own', seller: { en: 'China Eastern', 'zh-CN': '中国东方航空' } }, language);
    expect(line.textContent).toBe(sentence);
    expect(line.querySelector('strong')?.textContent).toBe(sentence.split(/[:：]\s?/)[1]);
  });

  it.each([
    ['en', 'Sold by: Junction', 'Sold by: Junction (combined ticket)'],
    ['zh-CN', '出票方：联程旅行', '出票方：联程旅行（组合票）'],
  ] as const)(
    'names Junction as the seller of its own and its combined tickets, not a fare (%s)',
    (language, own, combined) => {
      expect(show({ agent: 'own' }, language).textContent).toBe(own);
      cleanup();
      expect(show({ agent: 'combined' }, language).textContent).toBe(combined);
    },
  );
});
