// luaparse, set up on its first use rather than when the library loads (1-2 ms of luaparse's own
// setup, for a parser that a descriptor of plain tables never reaches: plain-descriptor.ts reads
// every corpus file and every file this library writes without it). CommonJS on purpose: an ES
// import is evaluated when its importer is, while a `require` inside a function runs on the first
// call, in Node and in the bundles alike (rollup's commonjs plugin wraps each CommonJS module in a
// function run on its first require). Alternatives: a dynamic import() (asynchronous, and the
// readers are synchronous); Node's createRequire (not in browsers, where luaparse is bundled).
'use strict';

let parser;

/** The luaparse module, loaded on the first call. */
exports.luaparseOnDemand = function luaparseOnDemand() {
  if (parser === undefined) parser = require('luaparse');
  return parser;
};
