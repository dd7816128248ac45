/**
 * The demo graph's evidence, as the andee's own app would send it — derived photo labels with
 * their extraction coverage, and resolved places (names, categories, prose; never a coordinate),
 * one of them still `pending` — so the hosted runtime's evidence tools answer something on a
 * fresh start. It goes in through the same intake the API routes use.
 */
import type { Kysely } from 'kysely';
import { recordPhotoEvidence } from '../evidence/photo-evidence.ts';
import { recordPlaceEvidence } from '../evidence/place-evidence.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

const DAY = 24 * 3600 * 1000;

export async function seedDemoEvidence(db: Kysely<AmpersandDatabase>, andeeId: string, now: Date): Promise<void> {
  await recordPhotoEvidence(
    db,
    andeeId,
    {
      labels: [
        { label: 'fresh pasta', category: 'food', photoCount: 14, confidence: 'high' },
        { label: 'piano keyboard', category: 'music', photoCount: 9, confidence: 'high' },
        { label: 'chalkboard equations', category: 'work', photoCount: 6, confidence: 'medium' },
        { label: 'sailing boat', category: 'outdoors', photoCount: 2, confidence: 'low' },
      ],
      coverage: { photosSeen: 180, photosLabelled: 152 },
    },
    now,
  );
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
  await recordPlaceEvidence(db, andeeId, {
    places: [
      {
        placeId: 'demo_place_pasta_bar',
        name: 'Bancone (demo)',
        category: 'restaurant',
        description: 'A fresh-pasta bar near Covent Garden; the pasta is rolled at the counter.',
      },
      { placeId: 'demo_place_jazz_club', name: "Ronnie Scott's (demo)", category: 'music_venue', description: 'A Soho jazz club with late sets most nights.' },
      // Named and real, its description not written yet: an honest partial result.
      { placeId: 'demo_place_sailing_club', name: 'Welsh Harp Sailing Club (demo)', category: 'sports_club' },
      { placeId: 'demo_place_lab', name: 'Maths institute (demo)', category: 'workplace', description: 'A small research lab; weekday visits.' },
    ],
    observations: [
      {
        observationKey: 'demo_ada_obs_1',
        observedAt: at(3),
        confidence: 'high',
        fact: 'Ada spent the evening at a fresh-pasta bar.',
        selectedPlaceId: 'demo_place_pasta_bar',
        candidates: [{ placeId: 'demo_place_pasta_bar', rank: 1, distanceMeters: 12 }],
      },
      {
        observationKey: 'demo_ada_obs_2',
        observedAt: at(5),
        confidence: 'medium',
        fact: 'Ada stayed for a late jazz set.',
        selectedPlaceId: 'demo_place_jazz_club',
        candidates: [
          { placeId: 'demo_place_jazz_club', rank: 1, distanceMeters: 30 },
          { placeId: 'demo_place_pasta_bar', rank: 2, distanceMeters: 420 },
        ],
      },
      {
        observationKey: 'demo_ada_obs_3',
        observedAt: at(9),
        confidence: 'low',
        fact: 'Ada visited a sailing club by a reservoir.',
        selectedPlaceId: 'demo_place_sailing_club',
        candidates: [{ placeId: 'demo_place_sailing_club', rank: 1, distanceMeters: 150 }],
      },
      {
        observationKey: 'demo_ada_obs_4',
        observedAt: at(1),
        confidence: 'high',
        fact: 'Ada spent the working day at the lab.',
        selectedPlaceId: 'demo_place_lab',
        candidates: [{ placeId: 'demo_place_lab', rank: 1, distanceMeters: 5 }],
      },
    ],
  });
}
