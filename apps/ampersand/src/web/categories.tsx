/**
 * HDS codes as people read them: the leaf's plain name said to the andee whose facts they file
 * ("What you do", not the file's "What they do"), with the dotted code kept in a tooltip (`title`)
 * for whoever wants it, and the category picker grouped by area. The picker's values are the codes.
 */
import { hdsLeaf, hdsLeaves, toYou } from '../identity/hds-taxonomy.ts';

const AREA_NAMES: Record<string, string> = {
  preferences: 'Tastes and habits',
  relationships: 'People and pets',
  places: 'Places',
  work: 'Work and study',
  interests: 'Interests',
  values: 'Values',
};

/** The leaf's name, to the andee; the catch-all leaf reads as what it is for a person. */
export function categoryName(code: string | null): string {
  if (!code) return 'Not sorted yet';
  const leaf = hdsLeaf(code);
  if (!leaf) return code;
  return leaf.keywords.length === 0 ? 'Other (not sorted yet)' : toYou(leaf.label);
}

export function Category(props: { code: string | null }) {
  return <span title={props.code ?? undefined}>{categoryName(props.code)}</span>;
}

export function CategorySelect(props: { current: string | null }) {
  const areas = [...new Set(hdsLeaves().map((l) => l.top))];
  return (
    <select name="hdsCode" aria-label="Category">
      {areas.map((area) => (
        <optgroup label={AREA_NAMES[area] ?? area}>
          {hdsLeaves()
            .filter((l) => l.top === area)
            .map((l) => (
              <option value={l.code} selected={l.code === props.current} title={l.code}>
                {categoryName(l.code)}
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}
