/**
 * Reading a Prometheus text exposition in tests: scrape `GET /metrics`, then sum the samples of a
 * metric whose labels include the given ones, or list the values one label takes.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  status: number;
  text: string;
  samples: Sample[];
}

export async function scrapeMetrics(baseUrl: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(new URL('/metrics', baseUrl), { headers });
  const text = await response.text();
  return { status: response.status, text, samples: response.ok ? parseExposition(text) : [] };
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of `name`'s samples whose labels include every one of `labels` (0 when none does). */
export function sampleSum(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  return scrape.samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Every value `label` takes among `name`'s samples. */
export function labelValues(scrape: Scrape, name: string, label: string): Set<string> {
  return new Set(scrape.samples.filter((sample) => sample.name === name && label in sample.labels).map((sample) => sample.labels[label]!));
}
