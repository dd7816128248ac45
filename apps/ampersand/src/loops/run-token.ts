/**
 * The signed run token: the authority of one turn, minted by the API when it seals the turn's
 * envelope (andee, run id, Loop id or agent-chat turn id, grants, deadline), signed with a key derived from the shared
 * secret. It expires at the run's deadline, and because it names its run, the API refuses it the
 * moment that run has ended — a replay after the end is refused, whatever its expiry says.
 * jose signs it; &'s one HS256 verifier (auth/hs256-jwt.ts), the one access tokens go through,
 * checks it in the form auth/run-token-form.ts gives (`run+jwt`, `sub` and `rid` required).
 */
import { SignJWT } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { RUN_TOKEN_AUDIENCE, RUN_TOKEN_TYPE, runTokenVerifier } from '../auth/run-token-form.ts';
import { ampersandErrors } from '../errors.ts';
import { readRun, type RunView, type TurnEnvelope } from './runs.ts';

export interface RunTokens {
  mint(envelope: TurnEnvelope): Promise<string>;
  /** The live run the token is for, refusing a bad, expired, foreign or ended one. */
  verify(token: string, callerId: string, now: Date): Promise<RunView>;
}

export function runTokens(db: Kysely<AmpersandDatabase>, key: KeyObject, issuer: string): RunTokens {
  const hs256 = runTokenVerifier(key);
  return {
    mint(envelope) {
      // JWT times are whole seconds: the expiry is rounded up, so the token never lapses before the
      // deadline; verify holds the run to the deadline itself, to the millisecond.
      return new SignJWT({
        rid: envelope.runId,
        ...(envelope.loopId !== null ? { lid: envelope.loopId } : { tid: envelope.chatTurnId }),
        grants: envelope.grants,
      })
        .setProtectedHeader({ alg: 'HS256', typ: RUN_TOKEN_TYPE })
        .setIssuer(issuer)
        .setAudience(RUN_TOKEN_AUDIENCE)
        .setSubject(envelope.andeeId)
        .setIssuedAt()
        .setExpirationTime(Math.ceil(new Date(envelope.deadline).getTime() / 1000))
        .sign(key);
    },
    async verify(token, callerId, now) {
      const claims = hs256.signedClaims(token);
      const check = claims ? hs256.checkClaims(claims, { issuer, audience: RUN_TOKEN_AUDIENCE }, now) : ({ ok: false, failure: 'invalid' } as const);
      if (!claims || !check.ok) {
        throw ampersandErrors.fail(
          'run_token_invalid',
          !check.ok && check.failure === 'expired' ? 'The run token has expired: its run is past its deadline.' : 'The run token is not valid for this server.',
        );
      }
      if (claims.sub !== callerId) throw ampersandErrors.fail('run_token_invalid', 'The run token was minted for another andee.');
      const run = await readRun(db, String(claims.rid));
      if (!run) throw ampersandErrors.fail('run_token_invalid', 'The run token names no run.');
      if (run.state !== 'running')
        throw ampersandErrors.fail(
          'run_token_invalid',
          `The run this token was minted for has ended (${run.state}); a run token is good for its own turn only.`,
          { runId: run.runId, state: run.state },
        );
      if (now.getTime() >= new Date(run.deadline).getTime())
        throw ampersandErrors.fail('run_token_invalid', 'The run token has expired: its run is past its deadline.', {
          runId: run.runId,
          deadline: run.deadline,
        });
      return run;
    },
  };
}
