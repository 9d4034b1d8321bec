// Small SVG charts for the dashboard (spec 1 §2): a bar chart and a score ring. No chart library: each draws
// a few rectangles or arcs in the theme's colours, and carries its figures as text for assistive technology
// (the SVG is one named image; a visually hidden table lists every value).
import type { ReactNode } from "react";

/** One bar; `id` tells bars with the same label apart (two attendants of the same name). */
export type BarDatum = { id?: string | number; label: string; value: number };

/** The largest value's round ceiling, so the axis ends on a readable number. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

/**
 * Vertical bars, one per datum, with its value above and its label below. `label` names the chart (the
 * image's name and the table's caption); `valueLabel` heads the table's value column.
 */
export function BarChart({
  label,
  data,
  valueLabel,
  height = 220,
  "data-testid": testId,
}: {
  label: string;
  data: readonly BarDatum[];
  valueLabel: string;
  height?: number;
  "data-testid"?: string;
}) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const slot = 40;
  const width = Math.max(data.length * slot, 120);
  const top = 18;
  const bottom = 34;
  const plot = height - top - bottom;
  // Label every bar when they fit; else about twelve labels.
  const every = Math.max(1, Math.ceil(data.length / 12));
  return (
    <figure className="bar-chart" data-testid={testId}>
      <div className="bar-chart-scroll">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          className="bar-chart-svg"
        >
          <line x1={0} x2={width} y1={top + plot} y2={top + plot} className="bar-chart-axis" />
          {data.map((d, i) => {
            const h = (d.value / max) * plot;
            const x = i * slot + slot * 0.2;
            return (
              <g key={d.id ?? d.label}>
                <rect x={x} y={top + plot - h} width={slot * 0.6} height={h} rx={3} className="bar-chart-bar" />
                {d.value > 0 && (
                  <text x={x + slot * 0.3} y={top + plot - h - 4} textAnchor="middle" className="bar-chart-value">
                    {d.value}
                  </text>
                )}
                {i % every === 0 && (
                  <text x={x + slot * 0.3} y={height - 14} textAnchor="middle" className="bar-chart-label">
                    {d.label.length > 8 ? `${d.label.slice(0, 7)}…` : d.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.id ?? d.label}>
              <th scope="row">{d.label}</th>
              <td>
                {valueLabel}: {d.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * A ring filled to `value` out of `min`..`max` (a score, a share), with the value written inside. A meter to
 * assistive technology (its name, value and the text `valueText`); with no value, an image named "label: text".
 */
export function ScoreRing({
  label,
  value,
  min = 0,
  max = 100,
  valueText,
  tone = "primary",
  size = 120,
  "data-testid": testId,
}: {
  label: string;
  value: number | null;
  min?: number;
  max?: number;
  valueText: string;
  tone?: "primary" | "success" | "warning" | "danger";
  size?: number;
  "data-testid"?: string;
}) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const share = value === null ? 0 : Math.min(1, Math.max(0, (value - min) / (max - min)));
  return (
    <div
      className={`score-ring score-ring-${tone}`}
      // A meter (not <meter>: it cannot draw the ring) needs a value; with none the ring is an image named with its text.
      {...(value === null
        ? { role: "img", "aria-label": `${label}: ${valueText}` }
        : {
            role: "meter",
            "aria-label": label,
            "aria-valuemin": min,
            "aria-valuemax": max,
            "aria-valuenow": value,
            "aria-valuetext": valueText,
          })}
      data-testid={testId}
    >
      <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true">
        <circle cx={50} cy={50} r={r} className="score-ring-track" />
        {/* Nothing to fill draws nothing (a round cap would leave a dot). */}
        {share > 0 && (
          <circle
            cx={50}
            cy={50}
            r={r}
            className="score-ring-fill"
            strokeDasharray={`${share * circumference} ${circumference}`}
            transform="rotate(-90 50 50)"
          />
        )}
        <text x={50} y={50} textAnchor="middle" dominantBaseline="central" className="score-ring-text">
          {valueText}
        </text>
      </svg>
      <span className="score-ring-label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}

/** One figure with its name (an indicator card): `<StatCard label="Em atendimento" value={3} />`. */
export function StatCard({
  label,
  value,
  detail,
  icon,
  "data-testid": testId,
}: {
  label: string;
  value: string | number;
  /** A second line (e.g. today's count). */
  detail?: string;
  icon?: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <section className="stat-card" aria-label={label} data-testid={testId}>
      {icon && <span className="stat-card-icon">{icon}</span>}
      <span className="stat-card-label">{label}</span>
      <strong className="stat-card-value">{value}</strong>
      {detail && <span className="stat-card-detail">{detail}</span>}
    </section>
  );
}
