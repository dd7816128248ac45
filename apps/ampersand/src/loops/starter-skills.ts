/**
 * &'s built-in starter skills ("Get to know me" and "Connect", the two the contract names): each
 * is a skill release like any other — content and outcome specification, pinned on a Loop
 * write-once by id, version and SHA-256 digest — that & itself authors, so pinning one is
 * first-party whoever created the Loop. What makes them starters is the digest: a run whose
 * pinned release has a starter's digest can be executed deterministically by the in-process
 * engine when no model provider is configured (starter-run.ts), because its every step is code
 * here, not a model's judgement.
 */
import type { Kysely } from 'kysely';
import { canonicalHash } from '@agent-products/kit/json';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { RENDERERS } from '../contracts/surface-contract.ts';
import { pinSkill, type OutcomeSpec, type SkillContent } from './skill-pins.ts';

export const STARTER_IDS = ['get_to_know_me', 'connect'] as const;
export type StarterId = (typeof STARTER_IDS)[number];

export interface StarterSkill {
  /** The skill id a Loop the andee starts from the app carries, and the starter's own name. */
  starterId: StarterId;
  title: string;
  /** What the person is told it does, before they start it. */
  description: string;
  renderer: (typeof RENDERERS)[number];
  content: SkillContent;
  outcomeSpec: OutcomeSpec;
  /** SHA-256 of the canonical JSON of content and outcome spec: the digest pinSkill stores. */
  digest: string;
}

const OUTCOME_MODES: OutcomeSpec['terminalModes'] = ['completed', 'refused', 'failed'];

function starter(spec: Omit<StarterSkill, 'digest'>): StarterSkill {
  return { ...spec, digest: canonicalHash({ content: spec.content, outcomeSpec: spec.outcomeSpec }) };
}

export const STARTER_SKILLS: readonly StarterSkill[] = [
  starter({
    starterId: 'get_to_know_me',
    title: 'Get to know me',
    description: 'What & knows about you, grouped by area, each line tied to the facts you approved — and one question where it knows too little.',
    renderer: 'synthesis',
    content: {
      instructions: [
        'Get to know me: read the andee’s approved identity in full (identity_read, one snapshot, every page) and their pending suggestions.',
        'Write one synthesis, “What & knows about you”, grouped by HDS area; every line cites the ids of the facts it rests on.',
        'Where an area has no approved fact, ask one sharp question in the reply instead of writing filler.',
        'A later pass reads the existing synthesis and changes it only where the identity changed; when nothing changed, write nothing and say so.',
        'With fewer than three approved facts, write nothing and say why.',
      ].join(' '),
      tools: ['identity_read'],
    },
    outcomeSpec: { artifactKinds: ['synthesis'], terminalModes: OUTCOME_MODES },
  }),
  starter({
    starterId: 'connect',
    title: 'Connect',
    description: 'A short list of people on & to connect with and why: contact matches, people your connections know, requests waiting for you.',
    renderer: 'recommendations',
    content: {
      instructions: [
        'Connect: from the andee’s contact matches, mutual connections and pending connection requests, recommend at most five people to connect with, each with why.',
        'Use only what the andee may see: public facts of people they are not connected to, never who holds whose number, never another person’s connections by name.',
        'A later pass changes the recommendation set only when it changed. With nobody to recommend, write nothing and say why.',
      ].join(' '),
      tools: ['connections_read', 'connections_pending'],
    },
    outcomeSpec: { artifactKinds: ['recommendation_set'], terminalModes: OUTCOME_MODES },
  }),
];

export function starterById(starterId: string): StarterSkill | undefined {
  return STARTER_SKILLS.find((s) => s.starterId === starterId);
}

/** The starter whose release this is, by digest (the content and outcome spec it pins, whatever the Loop's skill id). */
export function starterByDigest(digest: string): StarterSkill | undefined {
  return STARTER_SKILLS.find((s) => s.digest === digest);
}

/** Pins the starter's release on the Loop (write-once, as any pin: a Loop already pinned to other content is refused). */
export function pinStarter(db: Kysely<AmpersandDatabase>, loopId: string, skill: StarterSkill, now: Date) {
  return pinSkill(db, loopId, skill.content, skill.outcomeSpec, now);
}
