/**
 * Who runs a use case: an andee, and the OAuth client acting for them (none when the andee acts
 * in the web app themself). The API loads it from the access token (never from the body); the
 * web app from the signed-in session.
 */
import { ampersandErrors } from '../errors.ts';
import type { Andee, AndeeRepository } from './andee-repository.ts';

export interface Caller extends Andee {
  /** The OAuth client the token was issued to; undefined for the andee's own web session. */
  clientId: string | undefined;
  scopes: readonly string[];
}

/**
 * The andee an access token acts for, with its client and scopes: the row already loaded with the
 * grant check, or read now; `invalid_token` when the andee no longer exists.
 */
export async function tokenCaller(
  andees: AndeeRepository,
  principal: { subject: string; clientId?: string | undefined; scopes: readonly string[] },
  loaded: Andee | undefined,
): Promise<Caller> {
  const andee = loaded ?? (await andees.byId(principal.subject));
  if (!andee) throw ampersandErrors.fail('invalid_token', 'The andee this token was issued for no longer exists.');
  return { ...andee, clientId: principal.clientId, scopes: principal.scopes };
}

/** The andee acting in the web app themself: no client stands between them and &. */
export function sessionCaller(andee: Andee): Caller {
  return { ...andee, clientId: undefined, scopes: [] };
}

export interface Person {
  andeeId: string;
  name: string;
  tag: string;
  photoUrl: string | null;
}

/** A &tag's andee, or the tool error naming it. */
export async function andeeByTag(andees: AndeeRepository, tag: string): Promise<Person> {
  const andee = await andees.byTag(tag);
  if (!andee) throw ampersandErrors.fail('andee_not_found', `No andee has the tag &${tag.trim().replace(/^&/, '')}.`);
  return { andeeId: andee.andeeId, name: andee.displayName, tag: andee.tag, photoUrl: andee.photoUrl };
}

export function personOf(caller: Andee): Person {
  return { andeeId: caller.andeeId, name: caller.displayName, tag: caller.tag, photoUrl: caller.photoUrl };
}
