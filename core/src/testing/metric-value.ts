// Reads one series out of a Prometheus text exposition (a scrape of GET /metrics), for the metrics tests.

/** The value of the series `name` whose labels are exactly `labels` (in any order), or undefined. */
export function metricValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => {
    const m = /^([a-z_]+)\{([^}]*)\} /.exec(l);
    if (!m || m[1] !== name) return false;
    const have = m[2]!.split(",");
    return have.length === wanted.length && wanted.every((w) => have.includes(w));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}
