// The signed /tenant/list. No other room uses any of it (server/app.ts takes its plugin from
// its plugin file): what another slice comes to need of it is exported here.
export {};
