/**
 * The sum of a metric's series whose labels include `labels`, read from Prometheus text
 * (0 when none matches).
 */
export function seriesSum(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split("\n")) {
    const bare = line.startsWith(`${name} `);
    if (!bare && !line.startsWith(`${name}{`)) continue;
    const pairs = bare ? [] : line.slice(name.length + 1, line.lastIndexOf("}")).split(",");
    if (wanted.every((pair) => pairs.includes(pair))) {
      sum += Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return sum;
}
