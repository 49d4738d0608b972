import { render, screen } from '@testing-library/react';
import { theme as antTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../testing/media-query';
import { AntdScope } from './antd-scope';

function Motion() {
  const { token } = antTheme.useToken();
  return <output>{token.motion ? 'moving' : 'still'}</output>;
}

/** The window's media queries, with reduced motion asked for or not. */
function reducedMotion(asked: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, asked && query.includes('prefers-reduced-motion: reduce')),
  );
}

describe('Ant Design scope', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps dialogs and menus still for a traveller whose system asks for reduced motion', () => {
    reducedMotion(true);
    render(
      <AntdScope>
        <Motion />
      </AntdScope>,
    );
    expect(screen.getByRole('status').textContent).toBe('still');
  });

  it('lets them move otherwise', () => {
    reducedMotion(false);
    render(
      <AntdScope>
        <Motion />
      </AntdScope>,
    );
    expect(screen.getByRole('status').textContent).toBe('moving');
  });
});
