// rsbuild needs an entry; the settings remote is only ever loaded through its mf-manifest.json.
export {};
