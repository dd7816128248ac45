/**
 * The error table decides, once, what every surface answers for a code: the HTTP status, whether
 * a retry can succeed, the RFC 6749 word on an OAuth endpoint and the details the code promises.
 * Clients branch on these (retry a 429 or a 503, re-authorize on a 403, never retry a conflict),
 * so each platform code is pinned here, and a product's own codes join them unchanged.
 */
import { describe, expect, it } from 'vitest';
import { PLATFORM_ERROR_CODES, defineErrorTable, platformErrors } from './error-table.ts';
import { ToolError } from './tool-error.ts';

/** Details that satisfy every platform code's promise. */
const promised = { fields: [{ field: 'x', problem: 'no' }], idempotencyKey: 'k', missingScopes: ['planning'], retryAfterSeconds: 5 };

describe('the platform error codes', () => {
  it.each([
    ['invalid_arguments', 400, false, 'invalid_request'],
    ['idempotency_conflict', 409, false, 'idempotency_conflict'],
    ['unauthorized', 401, false, 'unauthorized'],
    ['insufficient_scope', 403, false, 'insufficient_scope'],
    ['origin_rejected', 403, false, 'origin_rejected'],
    ['not_found', 404, false, 'not_found'],
    ['rate_limited', 429, true, 'rate_limited'],
    ['unavailable', 503, true, 'temporarily_unavailable'],
    ['internal_error', 500, true, 'server_error'],
  ] as const)('%s is HTTP %i, retryable %s, and %s on an OAuth endpoint', (code, status, retryable, oauthError) => {
    const error = platformErrors.fail(code, 'message for people', promised);
    expect(error).toBeInstanceOf(ToolError);
    expect({ code: error.code, message: error.message, status: error.status, retryable: error.retryable, oauthError: error.oauthError }).toEqual({
      code,
      message: 'message for people',
      status,
      retryable,
      oauthError,
    });
    expect(error.details).toBe(promised);
  });

  it.each([
    ['invalid_arguments', 'fields'],
    ['idempotency_conflict', 'idempotencyKey'],
    ['insufficient_scope', 'missingScopes'],
    ['rate_limited', 'retryAfterSeconds'],
  ] as const)('%s cannot be built without details.%s', (code, key) => {
    const { [key]: _left, ...without } = promised;
    expect(() => platformErrors.fail(code, 'm', without)).toThrow(new TypeError(`Error ${code} promises details.${key}`));
    expect(() => platformErrors.fail(code, 'm', { ...promised, [key]: undefined })).toThrow(TypeError);
    expect(() => platformErrors.fail(code, 'm')).toThrow(TypeError);
  });

  it('promises no details for the codes whose answer needs none', () => {
    for (const code of ['unauthorized', 'origin_rejected', 'not_found', 'unavailable', 'internal_error'] as const) {
      expect(platformErrors.fail(code, 'm').details).toBeUndefined();
    }
  });

  it('explains every code for the documentation', () => {
    for (const spec of Object.values(PLATFORM_ERROR_CODES)) expect(spec.meaning.length).toBeGreaterThan(20);
  });
});

describe('a product error table', () => {
  const { table, fail } = defineErrorTable({
    scene_not_found: { status: 404, retryable: false, details: ['sceneId', 'catalogVersion'], meaning: 'No scene with this id in this release.' },
    invalid_grant: { status: 400, retryable: false, meaning: 'The grant is expired or used.' },
    catalog_refreshing: { status: 503, retryable: true, oauthError: 'temporarily_unavailable', meaning: 'A new release is loading.' },
  });

  it('holds the platform codes and its own', () => {
    expect(Object.keys(table).sort()).toEqual([...Object.keys(PLATFORM_ERROR_CODES), 'scene_not_found', 'invalid_grant', 'catalog_refreshing'].sort());
    expect(table.rate_limited).toEqual(PLATFORM_ERROR_CODES.rate_limited);
  });

  it('builds its own codes at their status and retryability, with the code itself as the OAuth error unless the table names one', () => {
    const missing = fail('scene_not_found', 'No such scene.', { sceneId: 's1', catalogVersion: 'v1' });
    expect([missing.code, missing.status, missing.retryable, missing.oauthError]).toEqual(['scene_not_found', 404, false, 'scene_not_found']);
    expect(missing.details).toEqual({ sceneId: 's1', catalogVersion: 'v1' });
    const grant = fail('invalid_grant', 'Used.');
    expect([grant.status, grant.retryable, grant.oauthError]).toEqual([400, false, 'invalid_grant']);
    const refreshing = fail('catalog_refreshing', 'Soon.');
    expect([refreshing.status, refreshing.retryable, refreshing.oauthError]).toEqual([503, true, 'temporarily_unavailable']);
  });

  it('names every promised detail that is missing, and accepts a null one', () => {
    expect(() => fail('scene_not_found', 'm', {})).toThrow(new TypeError('Error scene_not_found promises details.sceneId, details.catalogVersion'));
    expect(() => fail('scene_not_found', 'm', { sceneId: 's1' })).toThrow(new TypeError('Error scene_not_found promises details.catalogVersion'));
    expect(fail('scene_not_found', 'm', { sceneId: 's1', catalogVersion: null }).details).toEqual({ sceneId: 's1', catalogVersion: null });
  });

  it('refuses a code that is in no table', () => {
    expect(() => fail('scene_lost' as never, 'm')).toThrow(new TypeError('Unknown error code: scene_lost'));
  });
});
