// Records test/validate-errors/errors.json: the outcome of every case of mutations.ts on the js
// backend. Run once on the tree before a change to validateAsset:
//   npx tsx test/validate-errors/record-errors.ts > test/validate-errors/errors.json
import { createKernelsSync } from '../../bindings/index.js';
import { validateCases, validateOutcome } from './mutations.js';

const js = createKernelsSync('js');
// One case per line, so that a diff names the cases that changed.
const lines = validateCases().map((c) => `${JSON.stringify(c.id)}: ${JSON.stringify(validateOutcome(c, js))}`);
console.log(`{\n${lines.join(',\n')}\n}`);
