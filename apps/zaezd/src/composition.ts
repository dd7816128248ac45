/**
 * zaezd's composition entry (`@agent-products/zaezd/composition`): what a harness outside the
 * product (the benchmarks in bench/) needs to assemble it in-process and to speak to its upstream
 * as it does — the app, its default budgets, the cities it knows and the Tutu call arguments it
 * sends — so that no harness reaches into the product's rooms by path (`npm run lint:imports`).
 * Its settings reader, too: deploy/deploy-files.test.ts checks the deployment files against it.
 */
export { createZaezdApp, type ZaezdApp, type ZaezdAppOptions } from './app.ts';
export { DEFAULT_SEARCH_BUDGET_MS, DEFAULT_TUTU_TIMEOUT_MS, configFromEnv } from './config.ts';
export { cityByKey } from './geo/cities.ts';
export { aviaSearchArguments, hotelSearchArguments, railSearchArguments } from './tutu/call-arguments.ts';
