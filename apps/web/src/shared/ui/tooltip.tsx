import { Tooltip as AntTooltip } from 'antd';
import type { TooltipPlacement } from 'antd/es/tooltip';
import type { ReactNode } from 'react';

/** Spec §2: four sides, each with a start or end variant; default top. */
export const TOOLTIP_PLACEMENTS = [
  'top',
  'top-start',
  'top-end',
  'bottom',
  'bottom-start',
  'bottom-end',
  'left',
  'left-start',
  'left-end',
  'right',
  'right-start',
  'right-end',
] as const;
export type Placement = (typeof TOOLTIP_PLACEMENTS)[number];

/** Spec §9: a tooltip is never wider than 320 px. */
export const TOOLTIP_MAX_WIDTH = 320;

const TO_ANT: Record<Placement, TooltipPlacement> = {
  top: 'top',
  'top-start': 'topLeft',
  'top-end': 'topRight',
  bottom: 'bottom',
  'bottom-start': 'bottomLeft',
  'bottom-end': 'bottomRight',
  left: 'left',
  'left-start': 'leftTop',
  'left-end': 'leftBottom',
  right: 'right',
  'right-start': 'rightTop',
  'right-end': 'rightBottom',
};

export function toAntPlacement(placement: Placement): TooltipPlacement {
  return TO_ANT[placement];
}

export type TooltipProps = { title: ReactNode; placement?: Placement; children: ReactNode };

export function Tooltip({ title, placement = 'top', children }: TooltipProps) {
  return (
    <AntTooltip title={title} placement={toAntPlacement(placement)} styles={{ root: { maxWidth: TOOLTIP_MAX_WIDTH } }}>
      {children}
    </AntTooltip>
  );
}
