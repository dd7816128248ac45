/**
 * "Getting there" in one line per point: «Kuanzhai Xiangzi station · Line 4 · about 260 m». The
 * distance is the one the catalog's note states after naming that point (a straight line from
 * the scene's unconfirmed estimate, so the page adds nothing the review did not say); a point
 * the note gives no distance for gets none.
 */

const ABOUT = /about (\d[\d,]*(?:\.\d+)?) ?(km|m)\b/;

/** The point's name without its line, and the line: "Fuqin station (Line 5)" → ["Fuqin station", "Line 5"]. */
function nameAndLine(name: string): [string, string | undefined] {
  const match = /^(.*?)\s*\(((?:Lines?) [^)]*)\)$/.exec(name);
  return match ? [match[1]!, match[2]!] : [name, undefined];
}

/** The distance the note states for each point, in order (undefined where it states none). */
export function statedDistances(note: string, names: readonly string[]): Array<string | undefined> {
  const starts = names
    .map((name, index) => ({ index, at: note.indexOf(nameAndLine(name)[0]) }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at);
  const found: Array<string | undefined> = names.map(() => undefined);
  starts.forEach(({ index, at }, i) => {
    const match = ABOUT.exec(note.slice(at, starts[i + 1]?.at ?? note.length));
    if (match) found[index] = `about ${match[1]} ${match[2]}`;
  });
  return found;
}

/** «Kuanzhai Xiangzi station · Line 4 · about 260 m». */
export function gettingThereLine(name: string, distance: string | undefined): string {
  const [place, line] = nameAndLine(name);
  return [place, line, distance].filter(Boolean).join(' · ');
}
