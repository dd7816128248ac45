/** JSON: pure helpers with no storage behind them (importable without PGlite or a driver). */
export { canonicalHash, canonicalJson } from './canonical-json.ts';
