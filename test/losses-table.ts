// Prints the loss table: for each writer, per property, whether a round trip through it (write,
// then its own reader) keeps it, loses it with a warning, or loses it silently, over the rich
// Asset and every fixture.   npx tsx test/losses-table.ts
import { lossSources, lossTable, LOSS_PROPERTIES } from './helpers/asset-losses.js';

const table = lossTable(lossSources());
const header = ['writer', ...LOSS_PROPERTIES];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const [writer, row] of Object.entries(table)) console.log(`| ${writer} | ${LOSS_PROPERTIES.map((p) => row[p]).join(' | ')} |`);
console.log('\nkept: no difference beyond quantization; warned: lost, and a warning of the writer names it; SILENT: lost without a warning (sources a writer refuses are left out).');
