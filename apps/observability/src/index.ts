// rsbuild needs an entry; the observability remote is only ever loaded through its mf-manifest.json.
export {};
