// rsbuild needs an entry; the account remote is only ever loaded through its mf-manifest.json.
export {};
