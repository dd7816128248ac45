/**
 * The contacts upload (`POST /v1/contacts`, connections:write): the andee's app sends its address
 * book so people-you-may-know can be found. A route with no tool: an agent never uploads contacts.
 */
import { Hono } from 'hono';
import { contactsUploadInput } from '../contracts/connection-contracts.ts';
import { contactCases } from '../identity/contact-cases.ts';
import type { Contacts } from '../identity/contacts.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { callerOf, handle, type AreaDeps } from './route-kit.ts';

export interface ContactsRouteDeps extends AreaDeps, ApiTokenDeps {
  contacts: Contacts;
}

export function contactsRoutes(deps: ContactsRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const cases = contactCases(deps);
  app.post('/v1/contacts', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, contactsUploadInput, async (input) => cases.upload(await callerOf(c, deps.andees), input, deps.now())),
  );
  return app;
}
