/**
 * `suggestion_feedback_read`: how the andee decided on drafted identity suggestions, in aggregate
 * — by HDS top level, by primary type (the leaf code) and by provenance (a Loop turn or agent
 * chat) — so the runtime stops repeating the kinds of suggestion the andee rejects.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { suggestionFeedbackOutput } from '../contracts/evidence-contracts.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

type Tally = { approved: number; rejected: number; pending: number };

export async function suggestionFeedback(db: Kysely<AmpersandDatabase>, andeeId: string): Promise<z.output<typeof suggestionFeedbackOutput>> {
  const rows = await db
    .selectFrom('signal_suggestions as s')
    .innerJoin('identity_facts as f', 'f.fact_id', 's.signal_id')
    .select(['s.hds_code', 's.loop_id', 'f.status'])
    .where('s.andee_id', '=', andeeId)
    .execute();
  const group = <K extends string>(key: (r: (typeof rows)[number]) => K) => {
    const map = new Map<K, Tally>();
    for (const r of rows) {
      const k = key(r);
      const t = map.get(k) ?? { approved: 0, rejected: 0, pending: 0 };
      if (r.status === 'approved' || r.status === 'rejected' || r.status === 'pending') t[r.status]++;
      map.set(k, t);
    }
    return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  return {
    byTopLevel: group((r) => r.hds_code.split('.')[0]!).map(([topLevel, t]) => ({ topLevel, ...t })),
    byPrimaryType: group((r) => r.hds_code).map(([hdsCode, t]) => ({ hdsCode, ...t })),
    byProvenance: group((r) => (r.loop_id ? 'loop_turn' : 'agent_chat') as 'loop_turn' | 'agent_chat').map(([provenance, t]) => ({ provenance, ...t })),
  };
}
