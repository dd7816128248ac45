/**
 * The words people see for the catalog's labels, shared by the search filters on `/agents` and
 * the owner's planning form so both say "Mood" and "Kind of place" with the same meanings.
 */
import type { Atmosphere, Discovery } from '../catalog/vocabulary.ts';

export const ATMOSPHERE_TITLE = 'Mood';
export const DISCOVERY_TITLE = 'Kind of place';

export const ATMOSPHERE_WORDS: Record<Atmosphere, { label: string; means: string }> = {
  quiet: { label: 'quiet', means: 'calmer places, good for slowing down' },
  mixed: { label: 'mixed', means: 'calm corners and busier parts' },
  lively: { label: 'lively', means: 'busy, with a lot going on' },
};

export const DISCOVERY_WORDS: Record<Discovery, { label: string; means: string }> = {
  local: { label: 'local', means: 'everyday places people in Chengdu use' },
  blend: { label: 'blend', means: 'known to visitors and locals alike' },
  iconic: { label: 'iconic', means: 'the famous sights' },
};
