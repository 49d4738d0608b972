/** Dependency rules of docs/architecture.md §2: arrows point from apps to packages, never back or sideways. */
module.exports = {
  forbidden: [
    {
      name: 'packages-never-import-apps',
      comment: 'Shared packages are used by the apps; an import back would tie a package to one app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      comment: 'domain is the shared vocabulary of web and server; it depends on no other package of ours.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(?!domain/)' },
    },
    {
      name: 'planner-and-refdata-only-use-domain',
      comment: 'The planner and reference data are pure packages: only domain is allowed among ours.',
      severity: 'error',
      from: { path: '^packages/(planner|refdata)/' },
      to: { path: '^packages/(?!domain/|planner/|refdata/)' },
    },
    {
      name: 'web-and-server-are-separate',
      comment: 'The web app and the server share code only through packages/domain.',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-only-uses-domain',
      comment: 'The browser bundle may not pull in server-side packages (planner, refdata).',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^packages/(?!domain/)' },
    },
    {
      name: 'features-do-not-import-features',
      comment: 'A feature never imports another feature; app/ and app.ts compose them.',
      severity: 'error',
      from: { path: '^(apps/[^/]+/src/features)/([^/]+)/' },
      to: { path: '^apps/[^/]+/src/features/', pathNot: '^$1/$2/' },
    },
    {
      name: 'only-app-and-wiring-compose-features',
      comment:
        'On the server, app.ts, features.ts and wiring/ compose the features (and the entry points main.ts and the db/ tools start them): any other file outside a feature that reaches into one hides an arrow between features.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot:
          '^apps/server/src/(features/|wiring/|app\\.ts$|features\\.ts$|main\\.ts$|db/[^/]+-cli\\.ts$)|\\.test\\.ts$',
      },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'feature-modules-are-built-by-app',
      comment:
        "A feature's builder (features/<x>/<x>.module.ts) is called by app.ts and features.ts alone, in the order the features need each other; wiring/ and the features take services and ports, never another module (a port's type may be read).",
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/(app|features)\\.ts$' },
      to: { path: '^apps/server/src/features/[^/]+/[^/]+\\.module\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-below-imports-wiring',
      comment:
        'wiring/ sits above the features, with app.ts and features.ts; a feature, plugin or lib importing them runs the arrow backwards.',
      severity: 'error',
      from: { path: '^apps/server/src/(features|plugins|lib|jobs|db)/' },
      to: { path: '^apps/server/src/(wiring/|(app|features)\\.ts$)' },
    },
    {
      name: 'features-do-not-import-app',
      comment:
        'app/ composes the features (router, layout, providers); a feature importing it runs the arrow backwards. What features share, such as the in-app paths, lives in shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-plugins-and-lib-do-not-import-features',
      comment:
        'plugins/ and lib/ sit below the features; a plugin that needs a feature declares the port it needs and app.ts passes the feature in.',
      severity: 'error',
      from: { path: '^apps/server/src/(plugins|lib|jobs)/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'shared-does-not-import-widgets-features-or-app',
      comment:
        'shared/ is the floor: the API client, auth, ui and lib know no business part; importing upwards creates cycles.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(widgets|features|app)/' },
    },
    {
      name: 'widgets-do-not-import-features-or-app',
      comment:
        'widgets/ holds the business parts several features show (travellers, the rail account, the map, saved cards, the place picker): between features/ and shared/, so a widget never reaches up into a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/widgets/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-calls-go-through-api-modules',
      comment:
        'Only api/ modules call the API, each inside a TanStack query or mutation, so the answers of spec §8 (401, 403, 409, 419, 5xx) apply to every call.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '(^|/)api/' },
      to: { path: '^apps/web/src/shared/api/api-client\\.ts$' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that does not resolve is a broken build waiting to happen.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      comment: 'Cycles make load order fragile and features impossible to separate.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
