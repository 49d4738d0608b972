import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../../shared/paths';
import { renderApp, stubApi } from '../../../../testing/render-app';
import { ONE_FLIGHT, SELF_TRANSFER } from '../../../../testing/search-fixtures';
import { JourneyTimeline } from './journey-timeline';

afterEach(cleanup);

const TERMS = { en: 'Connection protection', 'zh-CN': '中转衔接保障' };

function show(result: typeof SELF_TRANSFER, language: 'en' | 'zh-CN') {
  stubApi({});
  renderApp([{ path: '/', element: <JourneyTimeline result={result} legs={result.legs} /> }], { language });
}

describe("a result's timeline on the results page", () => {
  it.each(['en', 'zh-CN'] as const)(
    'links the self-transfer to the connection protection terms, in a new tab (%s)',
    (language) => {
      show(SELF_TRANSFER, language);
      const link = screen.getByTestId('protection-terms');
      expect(link.getAttribute('href')).toBe(paths.agreement('connection-protection'));
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.textContent).toBe(TERMS[language]);
      expect(screen.getByTestId('self-transfer-warning').contains(link)).toBe(true);
    },
  );

  it('has no protection link where nothing changes between separate tickets', () => {
    show(ONE_FLIGHT, 'en');
    expect(screen.getByTestId('journey-timeline')).toBeTruthy();
    expect(screen.queryByTestId('protection-terms')).toBeNull();
  });
});
