/// <reference types="@rsbuild/core/types" />

/** The build id (env SWITCHYARD_BUILD_ID, else the package version), set by @switchyard/build. */
declare const SWITCHYARD_BUILD_ID: string;
