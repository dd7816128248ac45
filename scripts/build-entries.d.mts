/** Types of build-entries.mjs: each output (repository-relative, without `.mjs`) → its source. */
export declare function buildEntries(root: URL): Record<string, string>;
