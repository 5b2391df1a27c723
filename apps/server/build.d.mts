// Types of build.mjs, for the TypeScript launchers that compile the server before spawning it.
/** Absolute path of the compiled server, dist/main.js. */
export declare const SERVER_BUNDLE: string;
/** Node's flags for every compiled server (see build.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
/** Compiles src/main.ts and the workspace packages into dist/main.js; resolves with the build's time in milliseconds. */
export declare function buildServer(): Promise<number>;
