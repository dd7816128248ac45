/** Build-time help for products that ship MCP App views: trimming the ext-apps, SDK and zod code their bundles carry. */
export { mcpAppTrimming } from './trim-dependencies.ts';
