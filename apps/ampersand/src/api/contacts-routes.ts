/**
 * The contacts upload (`POST /v1/contacts`, connections:write): the andee's app sends its address
 * book so people-you-may-know can be found. A route with no tool: an agent never uploads contacts.
 */
import { Hono } from 'hono';
import { contactsUploadInput } from '../contracts/connection-contracts.ts';
import type { Contacts } from '../identity/contacts.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { callerOf, handle, type AreaDeps } from './route-kit.ts';

export interface ContactsRouteDeps extends AreaDeps, ApiTokenDeps {
  contacts: Contacts;
}

export function contactsRoutes(deps: ContactsRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/v1/contacts', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, contactsUploadInput, async (input) => {
      const caller = await callerOf(c, deps.andees);
      const now = deps.now();
      const ownNumberRecorded = input.ownNumber ? await deps.contacts.setOwnPhone(caller.andeeId, input.ownNumber, input.region, now) : null;
      return { ...(await deps.contacts.upload(caller.andeeId, input.numbers, input.region, now)), ownNumberRecorded };
    }),
  );
  return app;
}
