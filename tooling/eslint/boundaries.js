// Import boundaries (docs/decisions/foundation.md "Codebase shape"), with ESLint's own no-restricted-imports:
// a lower layer never imports a higher one.
//
//   packages:  @kolo/domain <- @kolo/db <- @kolo/providers <- @kolo/api <- apps/server
//              (@kolo/sandboxes sits beside @kolo/api: db, providers and domain, never the app)
//   inside packages/api/src, high to low:
//     entry     index.ts, root.ts, trpc.ts, router/, integrations/ (the procedures and the provider modules)
//     jobs      jobs/worker.ts, jobs/kinds.ts, jobs/index.ts (the runner calls the features)
//     features  money/, banking/, identity/, auth/, admin/, events/, notifications/, receipts/
//     kit       services.ts, public-error.ts, users.ts, user-limits.ts, jobs/requery.ts, jobs/scheduler.ts
//   and below the kit the packages @kolo/providers, @kolo/db, @kolo/domain. SQL and drizzle-orm are
//   @kolo/db's only: packages/api/src imports neither drizzle-orm nor postgres.
//
// ESLint applies the last matching config's options for a rule, so each file set below carries its
// whole list (the package's and its layer's). A relative import is matched by where it points
// (`../router/…`, `../../integrations/…`), a package by its name.

/** One restriction per package name (and its subpaths). */
const packages = (names, why) => names.map((name) => ({ group: [name, `${name}/*`], message: why }));

/** Relative imports of folders or files of packages/api/src, from any depth. */
const apiPaths = (targets, why) => ({ regex: `^(\\.\\./)+(${targets.join("|")})(/.*)?$`, message: why });
const sameDir = (targets, why) => ({ regex: `^\\./(${targets.join("|")})(/.*)?$`, message: why });

const APP = ["@kolo/server", "@kolo/web"];
const NOT_APPS = packages(APP, "A package never imports an app (domain <- db <- providers <- api <- server).");
const NO_SQL = packages(["drizzle-orm", "postgres"], "SQL lives in @kolo/db: add a named, documented query function there.");

const ENTRY = ["index", "root", "trpc", "router", "integrations"];
const FEATURES = ["money", "banking", "identity", "auth", "admin", "events", "notifications", "receipts"];
const API_WHY = "Inside @kolo/api a lower layer never imports a higher one (entry -> jobs -> features -> kit).";

// `jobs` alone (the folder's index) is the runner; `jobs/requery` and `jobs/scheduler` are the kit.
const toRunner = { regex: "^(\\.\\./)+jobs(/(worker|kinds|index))?$", message: API_WHY };
const toRunnerHere = { regex: "^\\./(worker|kinds|index)$", message: API_WHY };

/** What every file of packages/api/src is refused, whatever its layer. */
const API_SRC = [...packages(["@kolo/sandboxes"], "@kolo/api never depends on the sandboxes (the server mounts them)."), ...NOT_APPS, ...NO_SQL];

const rule = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export default [
  {
    files: ["packages/domain/**/*.ts"],
    rules: rule([
      ...packages(
        ["@kolo/db", "@kolo/providers", "@kolo/api", "@kolo/sandboxes"],
        "@kolo/domain is the lowest layer: pure rules, no imports of other packages.",
      ),
      ...NOT_APPS,
      ...packages(["drizzle-orm", "postgres"], "@kolo/domain is pure: no database."),
    ]),
  },
  {
    files: ["packages/db/**/*.ts"],
    rules: rule([...packages(["@kolo/providers", "@kolo/api", "@kolo/sandboxes"], "@kolo/db sits on @kolo/domain only."), ...NOT_APPS]),
  },
  {
    files: ["packages/providers/**/*.ts"],
    rules: rule([
      ...packages(["@kolo/db", "@kolo/api", "@kolo/sandboxes"], "@kolo/providers are pure adapters: HTTP and wire types, no database, no app."),
      ...NOT_APPS,
      ...NO_SQL,
    ]),
  },
  {
    files: ["packages/sandboxes/**/*.ts"],
    rules: rule([...packages(["@kolo/api"], "The sandboxes use @kolo/providers' wire types, never the app."), ...NOT_APPS]),
  },
  // packages/api: its tests may read the database directly; its sources may not.
  {
    files: ["packages/api/**/*.ts"],
    rules: rule([...packages(["@kolo/sandboxes"], "@kolo/api never depends on the sandboxes (the server mounts them)."), ...NOT_APPS]),
  },
  {
    files: ["packages/api/src/**/*.ts"],
    rules: rule(API_SRC),
  },
  {
    files: ["packages/api/src/jobs/worker.ts", "packages/api/src/jobs/kinds.ts", "packages/api/src/jobs/index.ts"],
    rules: rule([...API_SRC, apiPaths(ENTRY, API_WHY)]),
  },
  {
    files: FEATURES.map((folder) => `packages/api/src/${folder}/**/*.ts`),
    rules: rule([...API_SRC, apiPaths(ENTRY, API_WHY), toRunner]),
  },
  {
    files: ["services.ts", "public-error.ts", "users.ts", "user-limits.ts"].map((file) => `packages/api/src/${file}`),
    rules: rule([...API_SRC, sameDir([...ENTRY, ...FEATURES], API_WHY), { regex: "^\\./jobs(/(worker|kinds|index))?$", message: API_WHY }]),
  },
  {
    files: ["packages/api/src/jobs/requery.ts", "packages/api/src/jobs/scheduler.ts"],
    rules: rule([...API_SRC, apiPaths([...ENTRY, ...FEATURES], API_WHY), toRunnerHere]),
  },
];
