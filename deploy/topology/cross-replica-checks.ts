/**
 * What must hold across replicas, asked of each replica directly (its own port, past the load
 * balancer) so that a replica answering alone could not pass:
 * - idempotency: one proposal with one key sent to both Chengdu Soul replicas at once is one draft;
 * - a rate limit counted across replicas (in Redis): &'s registrations per address, sent in turn
 *   to both API replicas from one client address (X-Forwarded-For, which the replicas trust from
 *   loopback), are refused after the limit, although neither replica saw that many alone, and
 *   Redis holds the address's count;
 * - a revocation reaches every MCP replica: after the operator revokes a grant, each & MCP
 *   replica refuses its token with 401, within a bound; and every Chengdu Soul replica refuses a
 *   credential the operator revoked.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { proposal, type Acknowledged } from '@agent-products/chengdu-soul/acknowledged-writes';
import { hashToken } from '@agent-products/kit/auth';
import { rpc } from '@agent-products/kit/testing';
import { newKey } from './mixed-load.ts';

export interface CheckOutcome {
  name: string;
  ok: boolean;
  detail: string;
}

export async function sameKeyOnTwoReplicas(replicaUrls: string[], auth: Record<string, string>, acknowledged: Acknowledged[]): Promise<CheckOutcome> {
  const write = proposal(1, newKey('both-replicas'));
  const answers = await Promise.all(
    replicaUrls.map((url) => rpc(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: write.tool, arguments: write.args } }, { headers: auth })),
  );
  const refs = answers.map((a) => a.json?.result?.structuredContent?.draftRef as string | undefined);
  for (const answer of answers) if (answer.json?.result?.structuredContent) acknowledged.push({ ...write, answer: answer.json.result.structuredContent });
  const ok = answers.every((a) => a.status === 200 && a.json?.result?.isError !== true) && refs[0] !== undefined && refs.every((r) => r === refs[0]);
  return {
    name: 'idempotency across replicas',
    ok,
    detail: `one key to ${replicaUrls.length} replicas at once: statuses ${answers.map((a) => a.status).join(', ')}, draftRefs ${refs.join(', ')} (the read-back below counts one draft)`,
  };
}

/**
 * The key &'s API counts an address's registrations under in Redis: rate-limiter-flexible's
 * `<prefix>:<key>`, the key being the address hashed as & hashes every limit's subject.
 */
const registrationsKey = (address: string) => `ampersand-registrationsPerAddress:${hashToken(address)}`;

export async function rateLimitAcrossReplicas(apiReplicaUrls: string[], limit: number, redisUrl: string): Promise<CheckOutcome> {
  const address = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
  const statuses: string[] = [];
  for (let n = 0; n < limit + 2; n++) {
    const url = apiReplicaUrls[n % apiReplicaUrls.length]!;
    const answer = await fetch(`${url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ client_name: `Topology client ${n}`, redirect_uris: ['http://127.0.0.1:1/callback'] }),
    });
    await answer.arrayBuffer();
    statuses.push(`${new URL(url).port}:${answer.status}`);
  }
  const codes = statuses.map((s) => Number(s.split(':')[1]));
  // The count lives in Redis, shared by both replicas, not in either process.
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let counted: string | null;
  try {
    await redis.connect();
    counted = await redis.get(registrationsKey(address));
  } finally {
    redis.disconnect();
  }
  const ok = codes.slice(0, limit).every((c) => c === 201) && codes.slice(limit).every((c) => c === 429) && Number(counted) >= limit;
  return {
    name: 'rate limit across replicas',
    ok,
    detail: `registrationsPerAddress=${limit}: ${limit + 2} registrations from ${address}, in turn to ports ${apiReplicaUrls.map((u) => new URL(u).port).join(' and ')}: ${statuses.join(' ')}; Redis counts ${counted} for the address`,
  };
}

const REVOCATION_BOUND_MS = 15_000;

export async function revocationReachesEveryReplica(mcpReplicaUrls: string[], token: string, revoke: () => Promise<string>): Promise<CheckOutcome> {
  const ask = (url: string) =>
    rpc(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_question', arguments: { question: 'Which instrument do I play?' } } },
      { headers: { Authorization: `Bearer ${token}` } },
    );
  const before = await Promise.all(mcpReplicaUrls.map(ask));
  const servedBefore = before.every((a) => a.status === 200 && a.json?.result?.isError !== true);
  await revoke();
  const revokedAt = Date.now();
  const refusedAfter = await Promise.all(
    mcpReplicaUrls.map(async (url) => {
      while (Date.now() - revokedAt < REVOCATION_BOUND_MS) {
        if ((await ask(url)).status === 401) return Date.now() - revokedAt;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return undefined;
    }),
  );
  const ok = servedBefore && refusedAfter.every((ms) => ms !== undefined);
  return {
    name: 'revocation reaches every MCP replica',
    ok,
    detail: `before: ${before.map((a) => a.status).join(', ')}; 401 after revoke-grant on ${mcpReplicaUrls
      .map((u, i) => `port ${new URL(u).port} in ${refusedAfter[i] ?? `more than ${REVOCATION_BOUND_MS}`} ms`)
      .join(', ')}`,
  };
}

export async function credentialRevocationReachesEveryReplica(
  replicaUrls: string[],
  auth: Record<string, string>,
  revoke: () => Promise<string>,
): Promise<CheckOutcome> {
  await revoke();
  const write = proposal(0, newKey('after-revocation'));
  const statuses = await Promise.all(
    replicaUrls.map(
      async (url) =>
        (await rpc(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: write.tool, arguments: write.args } }, { headers: auth })).status,
    ),
  );
  return { name: 'a revoked credential is refused by every replica', ok: statuses.every((s) => s === 401), detail: `statuses ${statuses.join(', ')}` };
}
