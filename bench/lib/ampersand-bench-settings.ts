/**
 * The & API settings every bench server runs with (embedded, PostgreSQL and scale): the lifetimes
 * & ships with, no client metadata documents, no dev mailbox, and the API's own origin allowed.
 * One place, so the three servers measure the same configuration.
 */
import type { ApiSettings } from '@agent-products/ampersand/composition';

export function benchApiSettings(apiUrl: string, mcpUrl: string): ApiSettings {
  return {
    apiUrl,
    mcpUrl,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 86400,
    refreshGraceSeconds: 30,
    unusedClientTtlSeconds: 86400,
    signInLinkTtlSeconds: 900,
    cimdAllowedHosts: [],
    devMailbox: false,
    apiAllowedOrigins: [apiUrl],
  };
}
