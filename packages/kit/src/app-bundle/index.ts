/** Build-time help for products that ship MCP App views: trimming the ext-apps, SDK and zod code their bundles carry. */
export { mcpAppTrimming } from './trim-dependencies.ts';
export { annotatePureDefinitions, pureDefinitions, type PureDefinitionsOptions } from './pure-definitions.ts';
