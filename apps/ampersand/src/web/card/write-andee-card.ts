/** `node apps/ampersand/dist/write-andee-card.mjs <outfile>`: what `scripts/build.mjs` runs to write the andee card's bundle. */
import { statSync } from 'node:fs';
import { buildAndeeCard } from './build-andee-card.ts';

const outfile = process.argv[2];
if (!outfile) throw new TypeError('usage: write-andee-card.mjs <outfile>');
await buildAndeeCard(outfile);
console.log(`& andee card ui://ampersand/andee-card.html: script ${(statSync(outfile).size / 1024).toFixed(1)} KB`);
