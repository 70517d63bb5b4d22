// rsbuild needs an entry; the channels remote is only ever loaded through its mf-manifest.json.
export {};
