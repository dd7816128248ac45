/**
 * Identity facts: durable statements about an andee. Only approved facts inform answers; pending
 * ones wait for the andee's review.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';

export interface Fact {
  factId: string;
  value: string;
  visibility: 'private' | 'connected' | 'public';
  createdAt: Date;
}

export class IdentityFacts {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async add(andeeId: string, value: string, options: { visibility?: Fact['visibility']; status: 'approved' | 'pending'; now: Date }): Promise<Fact> {
    const fact = { factId: randomUUID(), value: value.trim(), visibility: options.visibility ?? 'private', createdAt: options.now };
    await this.db
      .insertInto('identity_facts')
      .values({ fact_id: fact.factId, andee_id: andeeId, value: fact.value, visibility: fact.visibility, status: options.status, created_at: options.now })
      .execute();
    return fact;
  }

}
