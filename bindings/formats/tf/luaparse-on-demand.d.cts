import type * as luaparse from 'luaparse';

/** The luaparse module, loaded on the first call (see luaparse-on-demand.cjs). */
export declare function luaparseOnDemand(): typeof luaparse;
