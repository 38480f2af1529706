// Records test/provenance/errors.json: the outcome of every case of test/helpers/provenance-cases.ts
// on the js backend. Run once on the tree before a change to where readers keep file positions:
//   npx tsx test/provenance/record-errors.ts > test/provenance/errors.json
import { createKernelsSync } from '../../bindings/index.js';
import { provenanceCases, provenanceOutcome } from '../helpers/provenance-cases.js';

const js = createKernelsSync('js');
// One case per line, so that a diff names the cases that changed.
const lines = provenanceCases().map((c) => `${JSON.stringify(c.id)}: ${JSON.stringify(provenanceOutcome(c, js))}`);
console.log(`{\n${lines.join(',\n')}\n}`);
