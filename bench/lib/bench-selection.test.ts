/**
 * `npm run bench [name]` runs every regular benchmark, or the one named (an on-demand one only by
 * name), and answers a name it does not know with the names there are instead of an empty run.
 */
import { describe, expect, it } from 'vitest';
import { selectBenches, unknownBenchMessage, type Bench } from './bench-selection.ts';

const bench = (name: string): Bench => [name, async () => []];
const regular = [bench('chengdu-search'), bench('zaezd-trips')];
const onDemand = [bench('migrate')];
const names = (selection: ReturnType<typeof selectBenches>) => ('run' in selection ? selection.run.map(([name]) => name) : selection);

describe('selectBenches', () => {
  it('runs every regular benchmark with no name, and a named one alone, on-demand ones included', () => {
    expect(names(selectBenches(undefined, regular, onDemand))).toEqual(['chengdu-search', 'zaezd-trips']);
    expect(names(selectBenches('zaezd-trips', regular, onDemand))).toEqual(['zaezd-trips']);
    expect(names(selectBenches('migrate', regular, onDemand))).toEqual(['migrate']);
  });

  it('answers an unknown name with every known name instead of running nothing', () => {
    const selection = selectBenches('chengdu-serch', regular, onDemand);
    expect(selection).toEqual({ unknown: 'chengdu-serch', known: ['chengdu-search', 'zaezd-trips', 'migrate (only when named)'] });
    expect(unknownBenchMessage(selection as { unknown: string; known: string[] })).toBe(
      'npm run bench: no benchmark is named "chengdu-serch". Known: chengdu-search, zaezd-trips, migrate (only when named).',
    );
  });
});
