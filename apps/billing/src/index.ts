// rsbuild needs an entry; the billing remote is only ever loaded through its mf-manifest.json.
export {};
