/**
 * Revocation is a 401 on every MCP request, on every MCP process, at once (issue 27 §3): after a
 * grant ends — revoked by the andee, by the operator, or by refresh-token reuse detection — every
 * request carrying one of its tokens (`initialize`, `tools/list`, a tool call) is HTTP 401 with
 * `WWW-Authenticate: Bearer error="invalid_token"` and the protected-resource metadata, so the
 * client runs its own authorization again. Each MCP process learns it from the API's revocation
 * feed (auth/revocation-feed.ts), not from a database read per request; tokens of other grants
 * keep working. Two API + MCP pairs share one database here (on PostgreSQL with DATABASE_URL,
 * else the embedded one both pairs of this process open).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, createAndee, type TestAndee } from './support/andee-tokens.ts';
import { deriveKeys } from '../src/auth/derived-keys.ts';

let first: RunningAmpersand;
let second: RunningAmpersand;
let ada: TestAndee;

beforeAll(async () => {
  first = await startAmpersand();
  second = await startAmpersand({ database: first.database, secret: first.secret, publicUrls: { apiUrl: first.apiUrl, mcpUrl: first.mcpUrl } });
  ada = await createAndee(first, 'ada', 'Ada');
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const MESSAGES = [
  { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { method: 'tools/list', params: {} },
  { method: 'tools/call', params: { name: 'connections_read', arguments: {} } },
];

function post(mcpUrl: string, token: string, message: (typeof MESSAGES)[number]) {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
  });
}

/** Asks until the MCP process refuses the token, and says how long that took after `since`. */
async function refusedAfter(mcpUrl: string, token: string, since: number): Promise<number> {
  for (;;) {
    const response = await post(mcpUrl, token, MESSAGES[1]!);
    if (response.status === 401) return Date.now() - since;
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function expectRefusedEverywhere(token: string) {
  for (const mcpUrl of [first.ownMcpUrl, second.ownMcpUrl]) {
    for (const message of MESSAGES) {
      const response = await post(mcpUrl, token, message);
      expect(response.status, `${message.method} on ${mcpUrl}`).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]*revoked[^"]*"/);
      expect(challenge).toContain(`resource_metadata="${new URL('/.well-known/oauth-protected-resource', first.mcpUrl).href}"`);
      expect((await response.json()).error).toMatchObject({ code: 'invalid_token', reason: 'revoked' });
    }
  }
}

async function expectServedEverywhere(token: string) {
  for (const mcpUrl of [first.ownMcpUrl, second.ownMcpUrl]) {
    for (const message of MESSAGES) expect((await post(mcpUrl, token, message)).status, `${message.method} on ${mcpUrl}`).toBe(200);
  }
}

describe('a revoked grant', () => {
  it('is refused with 401 invalid_token by both MCP processes, while another grant of the same andee keeps working', async () => {
    const doomed = await accessToken(first, ada, { clientName: 'Doomed Agent' });
    const kept = await accessToken(first, ada, { clientName: 'Kept Agent' });
    await expectServedEverywhere(doomed);
    const grantId = (await first.api.grants.list({ andeeId: ada.andeeId })).find((grant) => grant.clientName === 'Doomed Agent')!.grantId;

    // Revoked through the second API process: the first MCP process learns it all the same.
    const revokedAt = Date.now();
    expect(await second.api.grants.revoke(grantId, ada.andeeId)).toBe(true);
    const waits = await Promise.all([first.ownMcpUrl, second.ownMcpUrl].map((mcpUrl) => refusedAfter(mcpUrl, doomed, revokedAt)));
    console.info(`revocation reached both MCP processes after ${waits.join(' ms and ')} ms`);

    await expectRefusedEverywhere(doomed);
    await expectServedEverywhere(kept);
  });

  it('is known to an MCP process started after the revocation before it serves its first refusal', async () => {
    const token = await accessToken(first, ada, { clientName: 'Earlier Agent' });
    const grantId = (await first.api.grants.list({ andeeId: ada.andeeId })).find((grant) => grant.clientName === 'Earlier Agent')!.grantId;
    expect(await first.api.grants.revoke(grantId)).toBe(true);
    const third = await startAmpersand({ database: first.database, secret: first.secret, publicUrls: { apiUrl: first.apiUrl, mcpUrl: first.mcpUrl } });
    try {
      await third.mcp.revoked.ready;
      const response = await post(third.ownMcpUrl, token, MESSAGES[0]!);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    } finally {
      await third.close();
    }
  });
});

describe('the revocation feed', () => {
  it('answers only the MCP service: without its key, or with an access token, it is a 401 in the platform envelope', async () => {
    const token = await accessToken(first, ada);
    for (const authorization of [undefined, `Bearer ${token}`, 'Bearer not-the-key']) {
      const answer = await fetch(`${first.apiUrl}/internal/revocations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
        body: '{}',
      });
      expect(answer.status, authorization ?? 'none').toBe(401);
      expect(await answer.json()).toMatchObject({ error: { code: 'unauthorized', retryable: false } });
    }
  });

  it('refuses a cursor or wait that is not a time it could hold with 400 invalid_arguments naming it, before any read', async () => {
    const feedKey = deriveKeys(first.secret).revocationFeed.toString('base64url');
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ since: -1e300 }, 'since'],
      [{ since: 1e300 }, 'since'],
      [{ since: -1 }, 'since'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: 0, waitSeconds: 'forever' }, 'waitSeconds'],
      [{ since: 0, waitSeconds: -5 }, 'waitSeconds'],
    ];
    for (const [body, field] of bodies) {
      const answer = await fetch(`${first.apiUrl}/internal/revocations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${feedKey}` },
        body: JSON.stringify(body),
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'invalid_arguments', details: { fields: [{ field }] } } });
    }
    const fromTheStart = await fetch(`${first.apiUrl}/internal/revocations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${feedKey}` },
      body: JSON.stringify({ since: 0, waitSeconds: 0 }),
    });
    expect(fromTheStart.status).toBe(200);
  });
});
