import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOOLTIP_MAX_WIDTH, TOOLTIP_PLACEMENTS, Tooltip, toAntPlacement } from './tooltip';

describe('tooltip', () => {
  it('offers four sides, each with start and end variants, mapped to distinct placements', () => {
    expect(TOOLTIP_PLACEMENTS).toHaveLength(12);
    const mapped = TOOLTIP_PLACEMENTS.map(toAntPlacement);
    expect(new Set(mapped).size).toBe(12);
    expect(toAntPlacement('top-start')).toBe('topLeft');
    expect(toAntPlacement('left-end')).toBe('leftBottom');
  });

  it('opens on top by default and is never wider than 320 px', async () => {
    render(
      <Tooltip title="Fees apply within 2 hours of departure">
        <span>hover me</span>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByText('hover me'));
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('Fees apply');
    const popup = tip.closest('.ant-tooltip') as HTMLElement;
    expect(popup.className).toContain('ant-tooltip-placement-top');
    expect(popup.style.maxWidth).toBe(`${TOOLTIP_MAX_WIDTH}px`);
  });
});
