// The import-boundary configs (boundaries.js), typed for the test that lints against them.
import type { Linter } from "eslint";

declare const boundaries: Linter.Config[];
export default boundaries;
