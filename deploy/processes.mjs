/**
 * Every process the deployment image runs, by the name its command gives (`node deploy/run.mjs
 * <name> [arguments]`): the built files it runs, in order, and the port setting of the ones that
 * serve HTTP. compose.yaml, the Kubernetes manifests and deploy-files.test.ts all name these.
 */
export const PROCESSES = {
  'chengdu-soul': { run: ['apps/chengdu-soul/dist/main.mjs'], portSetting: 'CHENGDU_SOUL_PORT' },
  zaezd: { run: ['apps/zaezd/dist/main.mjs'], portSetting: 'ZAEZD_PORT' },
  'tutu-sim': { run: ['apps/tutu-sim/dist/main.mjs'], portSetting: 'TUTU_SIM_PORT' },
  'ampersand-api': { run: ['apps/ampersand/dist/main-api.mjs'], portSetting: 'AMPERSAND_API_PORT' },
  'ampersand-mcp': { run: ['apps/ampersand/dist/main-mcp.mjs'], portSetting: 'AMPERSAND_MCP_PORT' },
  // Both products with a database, one after the other; then it exits.
  migrate: { run: ['apps/chengdu-soul/dist/migrate.mjs', 'apps/ampersand/dist/migrate.mjs'] },
  'chengdu-soul-operator': { run: ['apps/chengdu-soul/dist/operator.mjs'] },
  'ampersand-operator': { run: ['apps/ampersand/dist/ampersand-cli.mjs'] },
};
