/// <reference types="@rsbuild/core/types" />

/** The build id (env SWITCHYARD_BUILD_ID, else the package version), set by @switchyard/build. */
declare const SWITCHYARD_BUILD_ID: string;

/** The styles of the arco modules in the shell's entry, a module the build writes (arco.ts). */
declare module '@switchyard-arco-start-styles';
