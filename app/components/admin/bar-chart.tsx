/**
 * The one chart of the back office: a server-rendered SVG bar chart of a daily series. Every chart
 * on /admin is this component with other data, so there is one drawing to get right.
 */
export function BarChart({
  title,
  days,
  values,
  format = String,
}: {
  title: string;
  days: string[];
  values: number[];
  format?: (value: number) => string;
}) {
  const width = 600;
  const height = 140;
  const top = 10;
  const bottom = 1;
  const max = Math.max(1, ...values);
  const step = width / Math.max(1, values.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="card">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-slate-500">
          {format(total)} in {values.length} days
        </span>
      </figcaption>
      {/* Stretched to the card (no fixed aspect ratio), so a phone does not shrink it; the dates are
          HTML below it, readable at any width, not SVG text scaled with the drawing. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-32 w-full"
        role="img"
        aria-label={`${title}: ${format(total)} in the last ${values.length} days`}
      >
        {values.map((value, i) => {
          const barHeight = ((height - top - bottom) * value) / max;
          return (
            <rect
              key={days[i]}
              x={i * step + 2}
              y={height - bottom - barHeight}
              width={Math.max(1, step - 4)}
              height={barHeight}
              rx={2}
              className="fill-brand-500"
            >
              <title>{`${days[i]}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <line
          x1={0}
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          className="stroke-slate-200"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{days[0]}</span>
        <span>{days[days.length - 1]}</span>
      </p>
    </figure>
  );
}
