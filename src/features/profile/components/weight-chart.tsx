import { useId } from 'react';
import type { WeightPoint } from '@domain/members/weight-trend';

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { left: 36, right: 8, top: 10, bottom: 22 };

/**
 * The log as a line (entries) and a dashed line (7-day average), hand-drawn in SVG: two lines and
 * two axis labels need no charting library (docs/architecture.md, "Charts"). The table beside it
 * carries the same figures for screen readers; the picture has a one-line summary.
 */
export function WeightChart({ points, summary }: { points: WeightPoint[]; summary: string }) {
  const titleId = useId();
  if (points.length === 0) return null;
  const values = points.flatMap((point) => [point.kg, point.average]);
  const low = Math.floor(Math.min(...values) - 1);
  const high = Math.ceil(Math.max(...values) + 1);
  const first = Date.parse(points[0].date);
  const span = Math.max(Date.parse(points.at(-1)!.date) - first, 1);
  const x = (date: string) =>
    PAD.left + ((Date.parse(date) - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (kg: number) =>
    PAD.top + ((high - kg) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = (pick: (point: WeightPoint) => number) =>
    points.map((point) => `${x(point.date).toFixed(1)},${y(pick(point)).toFixed(1)}`).join(' ');

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="w-100 weight-chart"
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>{summary}</title>
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#adb5bd" />
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        stroke="#adb5bd"
      />
      <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fontSize="10">
        {high}
      </text>
      <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} textAnchor="end" fontSize="10">
        {low}
      </text>
      <text x={PAD.left} y={HEIGHT - 6} fontSize="10">
        {points[0].date}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize="10">
        {points.at(-1)!.date}
      </text>
      <polyline points={line((point) => point.kg)} fill="none" stroke="#198754" strokeWidth="2" />
      <polyline
        points={line((point) => point.average)}
        fill="none"
        stroke="#0d6efd"
        strokeWidth="2"
        strokeDasharray="5 4"
      />
      {points.map((point) => (
        <circle key={point.date} cx={x(point.date)} cy={y(point.kg)} r="3" fill="#198754" />
      ))}
    </svg>
  );
}
