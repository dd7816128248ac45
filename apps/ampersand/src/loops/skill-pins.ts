/**
 * The Loop's dedicated skill, pinned write-once at birth: a release is its content, the SHA-256
 * of that content's canonical JSON, and its outcome specification (which artifact kinds it may
 * write and which terminal modes a run may select). Pinning the same content again answers the
 * same version and digest; other content for an already pinned Loop is refused.
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import { canonicalHash } from '@agent-products/kit/json';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { TERMINAL_STATES, type TerminalState } from '../store/loop-tables.ts';
import { ITEM_KINDS } from '../contracts/surface-contract.ts';

export const outcomeSpec = z
  .object({
    artifactKinds: z.array(z.enum(ITEM_KINDS)).min(1).max(ITEM_KINDS.length),
    terminalModes: z
      .array(z.enum(TERMINAL_STATES as [TerminalState, ...TerminalState[]]))
      .min(1)
      .max(TERMINAL_STATES.length),
  })
  .strict();
export type OutcomeSpec = z.output<typeof outcomeSpec>;

export const skillContent = z
  .object({
    instructions: z.string().min(1).max(20_000).describe('What the skill does each pass, in the words the engine is given'),
    tools: z
      .array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/))
      .max(30)
      .optional()
      .describe('Turn-scoped tools the skill may use beyond the Loop tools'),
  })
  .strict();
export type SkillContent = z.output<typeof skillContent>;

export interface PinnedSkill {
  skillId: string;
  version: number;
  digest: string;
  content: SkillContent;
  outcomeSpec: OutcomeSpec;
}

export async function pinSkill(
  db: Kysely<AmpersandDatabase>,
  loopId: string,
  content: SkillContent,
  spec: OutcomeSpec,
  now: Date,
): Promise<{ version: number; digest: string }> {
  const digest = canonicalHash({ content, outcomeSpec: spec });
  return db.transaction().execute(async (trx) => {
    const loop = await trx.selectFrom('loops').select(['skill_id', 'skill_version']).where('loop_id', '=', loopId).forUpdate().executeTakeFirstOrThrow();
    if (loop.skill_version !== null) {
      const pinned = await trx
        .selectFrom('skill_releases')
        .select(['version', 'digest'])
        .where('skill_id', '=', loop.skill_id)
        .where('version', '=', loop.skill_version)
        .executeTakeFirstOrThrow();
      if (pinned.digest !== digest)
        throw ampersandErrors.fail('skill_already_pinned', `This Loop's skill is pinned at version ${pinned.version}; a pin is write-once.`, {
          version: pinned.version,
          digest: pinned.digest,
        });
      return { version: pinned.version, digest: pinned.digest };
    }
    // One release per distinct content of a skill id; the next version otherwise.
    const same = await trx.selectFrom('skill_releases').select('version').where('skill_id', '=', loop.skill_id).where('digest', '=', digest).executeTakeFirst();
    let version = same?.version;
    if (version === undefined) {
      const last = await trx
        .selectFrom('skill_releases')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('skill_id', '=', loop.skill_id)
        .executeTakeFirst();
      version = Number(last?.v ?? 0) + 1;
      await trx
        .insertInto('skill_releases')
        .values({ skill_id: loop.skill_id, version, content: JSON.stringify(content), digest, outcome_spec: JSON.stringify(spec), created_at: now })
        .onConflict((oc) => oc.columns(['skill_id', 'digest']).doNothing())
        .execute();
      version = (
        await trx.selectFrom('skill_releases').select('version').where('skill_id', '=', loop.skill_id).where('digest', '=', digest).executeTakeFirstOrThrow()
      ).version;
    }
    await trx.updateTable('loops').set({ skill_version: version, updated_at: now }).where('loop_id', '=', loopId).execute();
    return { version, digest };
  });
}

export async function pinnedSkill(db: Kysely<AmpersandDatabase>, loopId: string): Promise<PinnedSkill | undefined> {
  const row = await db
    .selectFrom('loops as l')
    .innerJoin('skill_releases as s', (j) => j.onRef('s.skill_id', '=', 'l.skill_id').onRef('s.version', '=', 'l.skill_version'))
    .select(['s.skill_id', 's.version', 's.digest', 's.content', 's.outcome_spec'])
    .where('l.loop_id', '=', loopId)
    .executeTakeFirst();
  if (!row) return undefined;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { skillId: row.skill_id, version: row.version, digest: row.digest, content: parse(row.content), outcomeSpec: parse(row.outcome_spec) };
}
