/**
 * A Loop's composed surface: presentation only — blocks from the live surface contract laid over
 * the Loop's artifacts, replacing the previous composition as a whole. Items, their history and
 * the conversation are never touched. A block the contract does not expose is refused by name.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { SURFACE_CONTRACT, surfaceBlock, type SurfaceBlock } from '../contracts/surface-contract.ts';

export async function composeLoop(
  db: Kysely<AmpersandDatabase>,
  loopId: string,
  input: { renderer?: string | undefined; blocks: Array<Record<string, unknown>> },
  now: Date,
) {
  const known = new Set<string>(SURFACE_CONTRACT.blocks.map((b) => b.type));
  const unknown = [...new Set(input.blocks.map((b) => String(b.type)).filter((t) => !known.has(t)))];
  if (unknown.length)
    throw ampersandErrors.fail('unknown_block', `The live surface contract (v${SURFACE_CONTRACT.version}) has no block ${unknown.join(', ')}.`, {
      unknownBlocks: unknown,
      contractVersion: SURFACE_CONTRACT.version,
    });
  const blocks: SurfaceBlock[] = [];
  for (const [index, raw] of input.blocks.entries()) {
    const parsed = surfaceBlock.safeParse(raw);
    if (!parsed.success)
      throw ampersandErrors.fail('invalid_arguments', `Block ${index} (${String(raw.type)}) does not match the contract.`, {
        fields: [{ field: `blocks.${index}`, problem: parsed.error.issues[0]?.message ?? 'invalid' }],
      });
    blocks.push(parsed.data);
  }
  const row = await db
    .updateTable('loops')
    .set({
      composition: JSON.stringify({ contractVersion: SURFACE_CONTRACT.version, blocks }),
      ...(input.renderer ? { renderer: input.renderer } : {}),
      updated_at: now,
    })
    .where('loop_id', '=', loopId)
    .returning(['renderer'])
    .executeTakeFirstOrThrow();
  return { loopId, renderer: row.renderer, blocks: blocks.length, contractVersion: SURFACE_CONTRACT.version };
}

export async function loopComposition(db: Kysely<AmpersandDatabase>, loopId: string): Promise<SurfaceBlock[]> {
  const row = await db.selectFrom('loops').select('composition').where('loop_id', '=', loopId).executeTakeFirst();
  return compositionBlocks(row?.composition);
}

/** The blocks of a stored composition column (none when nothing was composed). */
export function compositionBlocks(stored: unknown): SurfaceBlock[] {
  if (!stored) return [];
  return ((typeof stored === 'string' ? JSON.parse(stored) : stored) as { blocks: SurfaceBlock[] }).blocks;
}
