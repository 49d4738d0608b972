import type { ResultKind } from '@junction/domain';
import type { Carrier } from '../../lib/result-model';
import { LegIcon } from './leg-icon';
import styles from './result-card.module.css';

/** A stable hue per carrier code, so an airline keeps its colour across cards. */
function hueOf(code: string): number {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export type CarrierMarkProps = { carriers: Carrier[]; kind: ResultKind };

/** Round marks standing in for carrier logos: the code on the carrier's colour, a train for the railway. */
export function CarrierMark({ carriers, kind }: CarrierMarkProps) {
  const shown = carriers.slice(0, 2);
  if (shown.length === 0) {
    return (
      <span className={styles.mark} aria-hidden="true">
        <LegIcon kind={kind === 'flight' ? 'air' : 'taxi'} className={styles.markIcon} />
      </span>
    );
  }
  return (
    <span className={styles.marks} aria-hidden="true">
      {shown.map((c) =>
        c.code === 'CR' ? (
          <span key={c.code} className={`${styles.mark} ${styles.markRail}`}>
            <LegIcon kind="land" className={styles.markIcon} />
          </span>
        ) : (
          <span key={c.code} className={styles.mark} style={{ background: `hsl(${hueOf(c.code)} 60% 28%)` }}>
            {c.code.slice(0, 2)}
          </span>
        ),
      )}
    </span>
  );
}
