// Shared lint rules for every package. Change here, not per package.
// restrictEnvAccess: process.env is read only in each app's env.ts.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import boundaries from "./boundaries.js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/.data/**", "**/routeTree.gen.ts", "**/test-results/**", "**/playwright-report/**", "**/drizzle/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // The server and the packages: the rules that need type information (floating promises, unsafe
  // any, misused promises, ...), with each package's own tsconfig (typescript-eslint's project service).
  {
    files: ["apps/server/**/*.ts", "packages/**/*.ts"],
    ignores: ["**/*.config.ts"],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    // Fastify's plugins, hooks and handlers are async by contract, with or without an await inside.
    rules: { "@typescript-eslint/require-await": "off" },
  },
  // Tests and benchmarks read JSON bodies (`any` by design) and assert on them: the no-unsafe-*
  // rules would only ask for casts there. Every other type-checked rule still applies.
  {
    files: ["**/test/**/*.ts", "**/*.test.ts", "**/bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    files: ["apps/web/**/*.tsx", "apps/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["apps/**/*.ts", "apps/**/*.tsx", "packages/**/*.ts", "packages/**/*.tsx"],
    ignores: ["**/env.ts", "**/*.test.ts", "**/test/**", "**/e2e/**", "**/*.config.ts", "**/bench/**", "**/testing/**"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment in env.ts and pass typed config on." }],
    },
  },
  // Import boundaries between the packages and inside @kolo/api (boundaries.js).
  ...boundaries,
);
