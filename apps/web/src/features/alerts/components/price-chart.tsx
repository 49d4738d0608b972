import type { AlertPoint } from '@junction/domain';
import styles from './price-chart.module.css';

const W = 300;
/** Room on the left for the highest and lowest prices. */
const GUTTER = 60;
const H = 64;
const PAD = 6;

/**
 * An alert's lowest price at each check as a small line, drawn by hand in SVG (no chart library): the
 * lowest point is marked, the highest and lowest prices are written beside it; a check with nothing on sale
 * leaves a gap.
 */
export function PriceChart({
  points,
  label,
  format,
}: {
  points: AlertPoint[];
  label: string;
  format: (minor: number) => string;
}) {
  const prices = points.flatMap((p) => (p.lowestMinor === null ? [] : [p.lowestMinor]));
  if (prices.length === 0) return null;
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const x = (i: number) =>
    points.length === 1 ? (GUTTER + W) / 2 : GUTTER + PAD + (i * (W - GUTTER - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => (max === min ? H / 2 : PAD + ((max - v) * (H - 2 * PAD)) / (max - min));
  const runs: string[] = [];
  let run: string[] = [];
  points.forEach((p, i) => {
    if (p.lowestMinor === null) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(p.lowestMinor).toFixed(1)}`);
  });
  if (run.length) runs.push(run.join(' '));
  const lowest = points.findLastIndex((p) => p.lowestMinor === min);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      data-testid="alert-chart"
      data-points={points.length}
    >
      <title>{label}</title>
      <line x1={GUTTER} y1={H - 1} x2={W} y2={H - 1} className={styles.axis} />
      <text x={GUTTER - 6} y={max === min ? H / 2 + 4 : PAD + 4} className={styles.label}>
        {format(max)}
      </text>
      {max === min ? null : (
        <text x={GUTTER - 6} y={H - PAD + 2} className={styles.label}>
          {format(min)}
        </text>
      )}
      {runs.map((r) => (
        <polyline key={r} points={r} className={styles.line} />
      ))}
      {points.map((p, i) =>
        p.lowestMinor === null ? null : (
          <circle
            key={p.at}
            cx={x(i)}
            cy={y(p.lowestMinor)}
            r={i === lowest ? 3.5 : 2}
            className={i === lowest ? styles.low : styles.dot}
          />
        ),
      )}
    </svg>
  );
}
