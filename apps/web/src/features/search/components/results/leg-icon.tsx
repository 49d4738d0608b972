import type { LegKind } from '@junction/domain';
import { ModeIcon } from '../mode-icon';

const WALK_PATH =
  'M13.5 5.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9.8 8.9 7 23h2.1l1.8-8 2.1 2v6h2v-7.5l-2.1-2 .6-3A7.3 7.3 0 0 0 19 13v-2a5 5 0 0 1-4.3-2.4l-1-1.6a2 2 0 0 0-2.5-.8L6 8.3V13h2V9.6z';

const MODE: Record<Exclude<LegKind, 'lands'>, string> = { air: 'air', land: 'train', subway: 'subway', taxi: 'taxi' };

export type LegIconProps = { kind: LegKind; className?: string };

/** The pictogram of a leg kind (spec §3): plane, train, walking person, metro, taxi. */
export function LegIcon({ kind, className }: LegIconProps) {
  return (
    <span className={className} data-leg-kind={kind}>
      {kind === 'lands' ? (
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d={WALK_PATH} />
        </svg>
      ) : (
        <ModeIcon mode={MODE[kind]} />
      )}
    </span>
  );
}
